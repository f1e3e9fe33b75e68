// Loading contact-force cases: touchstone-case/1 kinds contact-forces and lcp, Siconos LCP text
// files and FCLib normal-only LCPs; bad input names file, case and field.
#include "cases/format/force_case.hpp"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <filesystem>
#include <vector>

#if __has_include(<fclib.h>)
extern "C" {  // fclib.h declares C functions without a C++ guard
#include <fclib.h>
}
#define TOUCHSTONE_TEST_FCLIB 1
#endif

#include "cases/force_scenes.hpp"
#include "cases/format/case_loader.hpp"

namespace touchstone {
namespace {

const char* kDocument = R"({
  "format": "touchstone-case/1",
  "cases": [
    {"id": "mass-on-floor", "kind": "contact-forces", "time_step": 0.01,
     "bodies": [{"name": "mass", "mass": 2, "position": [0, 0, 0.5]},
                {"name": "floor", "fixed": true}],
     "contacts": [{"bodies": ["mass", "floor"], "point": [0, 0, 0], "normal": [0, 0, 1]}],
     "expected": {"normal_force": [19.62], "acceleration": [0]}},
    {"id": "tiny", "kind": "lcp", "A": [[2, 1], [1, 2]], "b": [-1, 0.5],
     "expected": {"feasible": true}},
    {"id": "geometry", "kind": "proximity",
     "shapes": {"A": {"vertices": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]]},
                "B": {"vertices": [[0,0,2],[1,0,2],[0,1,2],[0,0,3]]}}}
  ]
})";

TEST(ForceCases, LoadsBothKindsBesideOtherKinds) {
  const auto loaded = parse_case_document(kDocument, "mem.json");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().to_string();
  ASSERT_EQ(loaded.forces.size(), 2u);
  const ForceCase& m = loaded.forces[0];
  EXPECT_EQ(m.kind, "contact-forces");
  ASSERT_TRUE(m.system);
  EXPECT_DOUBLE_EQ(m.problem.A(0, 0), 0.5);
  EXPECT_DOUBLE_EQ(m.problem.b[0], -9.81);
  EXPECT_DOUBLE_EQ(m.problem.time_step, 0.01);
  EXPECT_EQ((*m.expected.normal_force)[0], 19.62);
  const ForceCase& t = loaded.forces[1];
  EXPECT_EQ(t.problem.A(0, 1), 1.0);
  EXPECT_EQ(t.problem.b[0], -1.0);
  EXPECT_TRUE(*t.expected.feasible);
  // The proximity case of the same document goes to the proximity list.
  EXPECT_EQ(loaded.proximity.size(), 1u);
}

TEST(ForceCases, BadInputNamesFileCaseAndField) {
  auto first_error = [](const std::string& cases) {
    const auto loaded = parse_case_document(
        R"({"format": "touchstone-case/1", "cases": [)" + cases + "]}", "bad.json");
    EXPECT_EQ(loaded.errors.size(), 1u);
    return loaded.errors.empty() ? LoadError{} : loaded.errors.front();
  };
  auto e = first_error(R"({"id": "x", "kind": "lcp", "A": [[1, 2]], "b": [1]})");
  EXPECT_EQ(e.file, "bad.json");
  EXPECT_EQ(e.case_id, "x");
  EXPECT_EQ(e.field, "A[0]");
  e = first_error(R"({"id": "y", "kind": "lcp", "A": [[1]], "b": ["one"]})");
  EXPECT_EQ(e.field, "b[0]");
  e = first_error(R"({"id": "z", "kind": "contact-forces",
      "bodies": [{"name": "m", "mass": -1}, {"name": "f", "fixed": true}],
      "contacts": [{"bodies": ["m", "f"], "point": [0,0,0], "normal": [0,0,1]}]})");
  EXPECT_EQ(e.field, "bodies[0] (m).mass");
  e = first_error(R"({"id": "w", "kind": "contact-forces",
      "bodies": [{"name": "m", "mass": 1}, {"name": "f", "fixed": true}],
      "contacts": [{"bodies": ["m", "g"], "point": [0,0,0], "normal": [0,0,1]}]})");
  EXPECT_EQ(e.field, "contacts[0].bodies[1]");
  e = first_error(R"({"id": "v", "kind": "contact-forces",
      "bodies": [{"name": "m", "mass": 1}, {"name": "f", "fixed": true}],
      "contacts": [{"bodies": ["m", "f"], "point": [0,0,0], "normal": [0,0,2]}]})");
  EXPECT_EQ(e.field, "contacts[0].normal");
  e = first_error(
      R"({"id": "u", "kind": "lcp", "A": [[1]], "b": [1], "expected": {"force": [1]}})");
  EXPECT_EQ(e.field, "expected.force");
  e = first_error(
      R"({"id": "t", "kind": "lcp", "A": [[1]], "b": [1], "expected": {"acceleration": [1, 2]}})");
  EXPECT_EQ(e.field, "expected.acceleration");
}

TEST(ForceCases, SiconosTextFormat) {
  const auto loaded =
      parse_siconos_lcp("2\n0\n2\n2\n2 2\n1 2\n3 4\n-1 -2\n\nsome remark\n", "x.dat");
  ASSERT_EQ(loaded.forces.size(), 1u);
  const auto& c = loaded.forces[0];
  EXPECT_EQ(c.id, "siconos-lcp/x");
  // Each line is a column of M (Siconos fills its column-major array in file order).
  EXPECT_EQ(c.problem.A(1, 0), 2.0);
  EXPECT_EQ(c.problem.A(0, 1), 3.0);
  EXPECT_EQ(c.problem.b[1], -2.0);
  EXPECT_EQ(c.description, "some remark");
  const auto bad = parse_siconos_lcp("2\n1\n2\n2\n", "y.dat");
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_EQ(bad.errors[0].field, "storage");
  const auto truncated = parse_siconos_lcp("2\n0\n2\n2\n2 2\n1 2\n3\n", "z.dat");
  ASSERT_EQ(truncated.errors.size(), 1u);
  EXPECT_EQ(truncated.errors[0].field, "M[1][1]");
}

TEST(ForceCases, LiteratureAndFclibFilesLoad) {
  const std::string data = std::string(TOUCHSTONE_SHARED_DIR) + "/data/siconos";
  if (!std::filesystem::exists(data)) GTEST_SKIP() << "no shared data at " << data;
  const auto lcp = load_cases(data + "/lcp");
  EXPECT_EQ(lcp.forces.size(), 17u);  // the dense ones
  EXPECT_EQ(lcp.errors.size(), 3u);   // the three *_block files (sparse block storage)
  for (const auto& c : lcp.forces)
    if (c.id == "siconos-lcp/lcp_exp_murty") {
      EXPECT_EQ(c.problem.size(), 6);
    }
  if (!fclib_available()) GTEST_SKIP() << "built without fclib";
  const auto fc = load_cases(data + "/fclib");
  std::map<std::string, int> sizes;
  for (const auto& c : fc.forces) sizes[c.id] = c.problem.size();
  EXPECT_EQ(sizes["fclib-normal/Capsules-i125-1213"], 286);
  EXPECT_EQ(sizes["fclib-normal/LMGC_100_PR_PerioBox-i00361-60-03000"], 60);
  for (const auto& e : fc.errors) EXPECT_EQ(e.field, "/fclib_local") << e.to_string();
}

#ifdef TOUCHSTONE_TEST_FCLIB
// A local problem written by FCLib itself (spacedim 2, W 4 x 4 in compressed columns or triplets)
// and read back through load_cases: the normal rows and columns, or the error naming W's bad
// pointer or index. The hand values: normal rows/columns are 0 and 2.
LoadedCases write_and_load(int nz, std::vector<int> p, std::vector<int> i, std::vector<double> x,
                           const std::string& name) {
  std::vector<double> q{-1, 7, 2, 9}, mu{0.5, 0.5};
  fclib_matrix W{};
  W.nzmax = static_cast<int>(x.size());
  W.m = W.n = 4;
  W.nz = nz;
  W.p = p.data();
  W.i = i.data();
  W.x = x.data();
  fclib_local problem{};
  problem.W = &W;
  problem.q = q.data();
  problem.mu = mu.data();
  problem.spacedim = 2;
  const auto file = std::filesystem::path(::testing::TempDir()) / (name + ".hdf5");
  std::filesystem::remove(file);
  EXPECT_EQ(fclib_write_local(&problem, file.c_str()), 1);
  return load_cases(file);
}

TEST(ForceCases, FclibNormalRowsAndBadPointersOrIndices) {
  if (!fclib_available()) GTEST_SKIP() << "built without fclib";
  // Columns 0..3 of W = [[4,1,2,0],[1,5,0,0],[2,0,6,3],[0,0,3,8]] in compressed columns.
  const std::vector<int> p{0, 3, 5, 8, 10}, i{0, 1, 2, 0, 1, 0, 2, 3, 2, 3};
  const std::vector<double> x{4, 1, 2, 1, 5, 2, 6, 3, 3, 8};
  const auto good = write_and_load(-1, p, i, x, "csc-good");
  ASSERT_EQ(good.forces.size(), 1u);
  const auto& problem = good.forces[0].problem;
  ASSERT_EQ(problem.size(), 2);
  EXPECT_EQ(problem.A(0, 0), 4);
  EXPECT_EQ(problem.A(0, 1), 2);
  EXPECT_EQ(problem.A(1, 0), 2);
  EXPECT_EQ(problem.A(1, 1), 6);
  EXPECT_EQ(problem.b[0], -1);
  EXPECT_EQ(problem.b[1], 2);

  auto error_of = [](const LoadedCases& loaded) {
    EXPECT_TRUE(loaded.forces.empty());
    return loaded.errors.empty() ? std::string() : loaded.errors[0].to_string();
  };
  auto past_end = p;
  past_end[2] = 99;
  const auto pointer = error_of(write_and_load(-1, past_end, i, x, "csc-pointer"));
  EXPECT_NE(pointer.find("/fclib_local/W"), std::string::npos) << pointer;
  EXPECT_NE(pointer.find("column pointer p[2] = 99"), std::string::npos) << pointer;
  auto row_outside = i;
  row_outside[4] = 4;
  const auto row = error_of(write_and_load(-1, p, row_outside, x, "csc-row"));
  EXPECT_NE(row.find("index i[4] = 4"), std::string::npos) << row;
  // Triplets: p holds rows, i columns; a row index of -1.
  const auto triplet = error_of(write_and_load(3, {0, -1, 2}, {0, 0, 2}, {4, 1, 6}, "triplet-row"));
  EXPECT_NE(triplet.find("row index p[1] = -1"), std::string::npos) << triplet;
}
#endif

TEST(ForceCases, ScenesRoundTripThroughTheFileFormat) {
  const auto scenes = force_scenes();
  std::vector<const ForceCase*> all;
  for (const auto& c : scenes) all.push_back(&c);
  const auto text = write_force_case_document(all).dump();
  const auto back = parse_case_document(text, "round-trip.json");
  ASSERT_TRUE(back.errors.empty()) << back.errors.front().to_string();
  ASSERT_EQ(back.forces.size(), scenes.size());
  for (std::size_t i = 0; i < scenes.size(); ++i) {
    EXPECT_EQ(back.forces[i].problem.A, scenes[i].problem.A) << scenes[i].id;
    EXPECT_EQ(back.forces[i].problem.b, scenes[i].problem.b) << scenes[i].id;
  }
}

// The sparsification scenes' force problems (seed 001 "Contact sparsification"): the kept
// contacts are a subset of the full set, so W_kept is W_full's principal submatrix on them; both
// are symmetric PSD (W = J M⁻¹ Jᵀ) and singular, of rank at most 6 (one free rigid body) and at
// least 3 on the kept set (normals near +z at points spanning the interface: z, and the two
// rotations about x and y). Ranks from the eigenvalues (W symmetric PSD: its singular values)
// above n · ε · the largest, Eigen's default SVD threshold.
Eigen::Index numerical_rank(const Eigen::MatrixXd& W) {
  const Eigen::VectorXd e =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(W, Eigen::EigenvaluesOnly).eigenvalues();
  const double cut =
      static_cast<double>(W.rows()) * Eigen::NumTraits<double>::epsilon() * e.cwiseAbs().maxCoeff();
  return (e.array().abs() > cut).count();
}

std::vector<int> kept_indices(const ForceCase& full, const ForceCase& kept) {
  std::vector<int> out;
  const auto& f = full.system->contacts;
  std::size_t j = 0;
  for (const auto& c : kept.system->contacts) {  // in order: the next match after the last
    std::size_t k = j;
    while (k < f.size() && !(f[k].point == c.point && f[k].normal == c.normal && f[k].gap == c.gap))
      ++k;
    out.push_back(k < f.size() ? static_cast<int>(k) : -1);
    if (k < f.size()) j = k + 1;
  }
  return out;
}

TEST(SparsifyForces, KeptIsASubsetAndWItsPrincipalSubmatrix) {
  for (const char* scene : {"sparsify-hex", "sparsify-tet"}) {
    const auto full = match_force_scenes(std::string(scene) + "/full");
    const auto kept = match_force_scenes(std::string(scene) + "/kept");
    ASSERT_EQ(full.size(), 1u);
    ASSERT_EQ(kept.size(), 1u);
    const Eigen::MatrixXd &W = full[0].problem.A, &K = kept[0].problem.A;
    ASSERT_LT(K.rows(), W.rows()) << scene;
    const std::vector<int> at = kept_indices(full[0], kept[0]);
    ASSERT_EQ(std::count(at.begin(), at.end(), -1), 0) << scene << ": a kept contact not in full";
    const auto idx =
        Eigen::Map<const Eigen::VectorXi>(at.data(), static_cast<Eigen::Index>(at.size()));
    EXPECT_EQ(Eigen::MatrixXd(W(idx, idx)), K) << scene;
    for (const Eigen::MatrixXd* M : {&W, &K}) {
      EXPECT_EQ(*M, M->transpose()) << scene;
      const Eigen::VectorXd e =
          Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(*M, Eigen::EigenvaluesOnly).eigenvalues();
      EXPECT_GE(e.minCoeff(), -1e-12 * e.maxCoeff()) << scene;           // PSD to rounding
      EXPECT_LT(std::abs(e.minCoeff()), 1e-12 * e.maxCoeff()) << scene;  // singular
    }
    const Eigen::Index rw = numerical_rank(W), rk = numerical_rank(K);
    EXPECT_LE(rw, 6) << scene;
    EXPECT_LE(rk, rw) << scene;
    EXPECT_GE(rk, 3) << scene;
  }
  // The checks can fail: the rank bound on a problem with two free bodies (a second, unit-mass
  // body under every other contact) exceeds 6, and a contact moved is no longer found in full.
  auto two_bodies = match_force_scenes("sparsify-tet/kept")[0];
  ASSERT_TRUE(two_bodies.system.has_value());
  dynamics::RigidBody extra = two_bodies.system->bodies[1];
  two_bodies.system->bodies.push_back(extra);
  for (std::size_t i = 0; i < two_bodies.system->contacts.size(); i += 2)
    two_bodies.system->contacts[i].body_a = 2;
  EXPECT_GT(numerical_rank(dynamics::assemble(*two_bodies.system).A), 6);
  auto moved = match_force_scenes("sparsify-tet/kept")[0];
  moved.system->contacts[3].point.x() += 1e-9;
  const auto full = match_force_scenes("sparsify-tet/full")[0];
  const std::vector<int> at = kept_indices(full, moved);
  EXPECT_EQ(std::count(at.begin(), at.end(), -1), 1);
}

}  // namespace
}  // namespace touchstone

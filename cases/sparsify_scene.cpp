// The sparsification scenes (seed 001, "Contact sparsification"): see sparsify_scene.hpp.
#include "cases/sparsify_scene.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <memory>
#include <stdexcept>

#include "algorithms/geometry/polytope.hpp"
#include "algorithms/regions/solfec/solfec.hpp"

namespace touchstone {
namespace {

constexpr double kOffset = 1.0 / 128;  // δ: below the threshold 0.01 as a fraction of a cell
constexpr double kSink = 1.0 / 1024;

std::vector<std::vector<Vec3>> cube_cells(const Vec3& corner, bool tets) {
  std::vector<Vec3> hex;
  for (int q = 0; q < 8; ++q) hex.push_back(corner + Vec3(q & 1, q >> 1 & 1, q >> 2 & 1));
  if (!tets) return {hex};
  // Kuhn's triangulation: the paths corner → corner + e_a → + e_b → + e_c over the permutations
  // (a, b, c) of the axes, all about the diagonal corner – corner + (1, 1, 1).
  std::vector<std::vector<Vec3>> out;
  std::array<int, 3> axes = {0, 1, 2};
  do {
    std::vector<Vec3> t{corner};
    for (int a : axes) t.push_back(t.back() + Vec3::Unit(a));
    out.push_back(t);
  } while (std::next_permutation(axes.begin(), axes.end()));
  return out;
}

std::vector<std::vector<Vec3>> block(int cubes, const Vec3& corner, bool tets) {
  std::vector<std::vector<Vec3>> out;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < cubes; ++j)
      for (int i = 0; i < cubes; ++i)
        for (auto& c : cube_cells(corner + Vec3(i, j, k), tets)) out.push_back(std::move(c));
  return out;
}

std::pair<Vec3, Vec3> bounds(const std::vector<Vec3>& cell) {
  Vec3 lo = cell.front(), hi = cell.front();
  for (const Vec3& p : cell) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  return {lo, hi};
}

SparsifyScene make_scene(const std::string& name, bool tets, int n) {
  SparsifyScene s;
  s.name = name;
  s.cell = tets ? "tet" : "hex";
  s.n = n;
  s.offset = kOffset;
  s.sink = kSink;
  s.upper = block(n, Vec3(kOffset, kOffset, -kSink), tets);
  s.lower = block(n + 1, Vec3(0, 0, -2), tets);
  s.upper_lo = Vec3(kOffset, kOffset, -kSink);
  s.upper_hi = s.upper_lo + Vec3(n, n, 2);
  for (std::size_t u = 0; u < s.upper.size(); ++u) {
    const auto [ulo, uhi] = bounds(s.upper[u]);
    for (std::size_t l = 0; l < s.lower.size(); ++l) {
      const auto [llo, lhi] = bounds(s.lower[l]);
      if ((ulo.array() <= lhi.array()).all() && (llo.array() <= uhi.array()).all())
        s.pairs.emplace_back(static_cast<int>(u), static_cast<int>(l));
    }
  }
  s.description = std::to_string(n) + "x" + std::to_string(n) + "x2 unit cubes" +
                  (tets ? " (6 Kuhn tetrahedra each)" : " (hexahedra)") + " on " +
                  std::to_string(n + 1) + "x" + std::to_string(n + 1) +
                  "x2, shifted 2^-7 in x and y, sunk 2^-10";
  return s;
}

// For each cell, the cells of the same block sharing a face with it (sorted).
std::vector<std::vector<int>> face_neighbours(const std::vector<std::vector<Vec3>>& cells) {
  std::map<std::array<double, 3>, std::vector<int>> at;
  for (std::size_t c = 0; c < cells.size(); ++c)
    for (const Vec3& p : cells[c]) at[{p.x(), p.y(), p.z()}].push_back(static_cast<int>(c));
  std::vector<std::vector<int>> out(cells.size());
  for (std::size_t c = 0; c < cells.size(); ++c) {
    std::map<int, int> common;
    for (const Vec3& p : cells[c])
      for (int other : at[{p.x(), p.y(), p.z()}])
        if (other != static_cast<int>(c)) ++common[other];
    for (const auto& [other, count] : common)
      if (count >= 3) out[c].push_back(other);
  }
  return out;
}

}  // namespace

const std::vector<std::string>& sparsify_scene_names() {
  static const std::vector<std::string> names{"sparsify-hex", "sparsify-tet"};
  return names;
}

const SparsifyScene& sparsify_scene(const std::string& name) {
  static const std::array<SparsifyScene, 2> scenes{make_scene("sparsify-hex", false, 13),
                                                   make_scene("sparsify-tet", true, 4)};
  for (const SparsifyScene& s : scenes)
    if (s.name == name) return s;
  throw std::invalid_argument("unknown sparsification scene '" + name + "'");
}

bool cells_share_face(const std::vector<Vec3>& x, const std::vector<Vec3>& y) {
  int common = 0;
  for (const Vec3& p : x) common += static_cast<int>(std::count(y.begin(), y.end(), p));
  return common >= 3;
}

SceneContacts scene_contacts(const SparsifyScene& scene) {
  const auto algorithm = solfec::make();
  auto prepare = [&](const std::vector<std::vector<Vec3>>& cells,
                     std::vector<std::unique_ptr<Polytope>>& shapes,
                     std::vector<std::unique_ptr<PreparedShape>>& prepared) {
    for (const auto& cell : cells) {
      shapes.push_back(std::make_unique<Polytope>(Polytope::from_points(cell)));
      prepared.push_back(algorithm->prepare(*shapes.back()));
    }
  };
  std::vector<std::unique_ptr<Polytope>> shapes;
  std::vector<std::unique_ptr<PreparedShape>> upper, lower;
  prepare(scene.upper, shapes, upper);
  prepare(scene.lower, shapes, lower);
  SceneContacts out;
  std::vector<solfec::SparseContact> sparse;
  for (const auto& [u, l] : scene.pairs) {
    RegionQuery q;
    q.a = upper[static_cast<std::size_t>(u)].get();
    q.b = lower[static_cast<std::size_t>(l)].get();
    const RegionResult r = algorithm->query(q);
    if (r.status != QueryStatus::ok) {
      ++out.failed;
      continue;
    }
    for (const ContactRegion& c : r.regions) {
      out.raw.push_back(
          {u, l, c.points.at(0), c.normals.at(0), c.area.value_or(0.0), c.gap.value_or(0.0)});
      sparse.push_back({c.points.at(0), c.area.value_or(0.0), u, l});
    }
  }
  const auto near_upper = face_neighbours(scene.upper), near_lower = face_neighbours(scene.lower);
  auto share = [](const std::vector<std::vector<int>>& near) {
    return [&near](int x, int y) {
      const auto& n = near[static_cast<std::size_t>(x)];
      return std::binary_search(n.begin(), n.end(), y);
    };
  };
  out.kept = solfec::sparsify(sparse, share(near_upper), share(near_lower));
  return out;
}

}  // namespace touchstone

// The family registry (gap sweep, lookup, glob matching, default suite) and the contact-feature
// families: a pair of exact integer solids touching at a chosen vertex/edge/face combination on
// the plane x = 0, shifted apart or together by the swept gap (family_support.hpp).
#include "cases/families.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "cases/family_support.hpp"

namespace touchstone {
namespace cases {

std::vector<CaseFamily> stress_families();           // families_stress.cpp
std::vector<CaseFamily> low_dimensional_families();  // families_lowdim.cpp

namespace {

// Generic two-feature contact: kinds are 'v', 'e', 'f'. `parallel` makes both ridges share a
// direction; otherwise two ridges are made non-parallel (a crossing).
ProximityCase feature_contact(const std::string& family, std::uint64_t seed, int index, char lo,
                              char up, bool parallel) {
  FamilyContext ctx(family, seed, index);
  Rng& rng = ctx.rng;
  const double size = random_size(rng), unit = size / 64;
  const I2 d1 = random_direction(rng);
  I2 d2 = d1;
  if (!parallel)
    while (cross({0, 0}, d1, d2) == 0) d2 = random_direction(rng);
  const Solid lower = side_along(rng, lo, d1, kRadius);
  const Solid upper = side_along(rng, up, d2, kRadius);
  nlohmann::json params = {{"lower", describe(lower)}, {"upper", describe(upper)}, {"unit", unit}};
  if (lo == 'e') params["lower_direction"] = {d1.y, d1.z};
  if (up == 'e') params["upper_direction"] = {d2.y, d2.z};
  if (lo == 'e' && up == 'f') {
    // Whether the ridge ends inside the face or the ridge runs across the face boundary.
    const Polygon face = hull2([&] {
      std::vector<I2> yz;
      for (const I3& p : upper.points)
        if (p.x == 0) yz.push_back({p.y, p.z});
      return yz;
    }());
    bool inside = true;
    for (const I3& p : lower.points)
      if (p.x == 0 && !strictly_inside(face, {p.y, p.z})) inside = false;
    params["edge_inside_face"] = inside;
  }
  return place_on_axis(ctx, pair_of(lower, upper, unit), size, params);
}

// Two ridges on the x axis meeting end to end. The end faces overlap in area (bodies on
// overlapping sides), or, for opposite sides, the bodies only ever meet along the ridge line.
ProximityCase collinear_edges(const std::string& family, std::uint64_t seed, int index) {
  FamilyContext ctx(family, seed, index);
  Rng& rng = ctx.rng;
  const double size = random_size(rng), unit = size / 64;
  auto prism = [&](std::int64_t& w_out) {
    const std::int64_t len = rng.integer(8, 48), h = rng.integer(4, 16);
    // w > h makes each end triangle's apex angle exceed 90°, so quarter-turned bodies overlap.
    const std::int64_t w1 = rng.integer(h + 1, 2 * h), w2 = rng.integer(h + 1, 2 * h);
    w_out = w1;
    return std::vector<I3>{{0, 0, 0},    {-len, 0, 0},   {0, w1, -h},
                           {0, -w2, -h}, {-len, w1, -h}, {-len, -w2, -h}};
  };
  std::int64_t w = 0;
  std::vector<I3> lower = prism(w), upper = prism(w);
  const auto quarter_turns = rng.integer(0, 3);
  for (int k = 0; k < quarter_turns; ++k)
    for (I3& p : upper) p = {p.x, -p.z, p.y};
  AxisPair pair;
  pair.lower = scaled(lower, unit);
  pair.upper = scaled(mirrored(upper), unit);
  pair.lower_feature = pair.upper_feature = "edge";
  if (quarter_turns == 2) pair.model = ContactModel::ridge_only;
  nlohmann::json params = {{"unit", unit},
                           {"upper_quarter_turns", quarter_turns},
                           {"bodies", quarter_turns == 2 ? "opposite" : "overlapping"}};
  return place_on_axis(ctx, std::move(pair), size, params);
}

enum class FaceRelation { partial, contained, identical };

ProximityCase face_face(const std::string& family, std::uint64_t seed, int index,
                        FaceRelation relation) {
  FamilyContext ctx(family, seed, index);
  Rng& rng = ctx.rng;
  const double size = random_size(rng), unit = size / 64;
  Polygon pa, pb;
  std::string shape;
  if (relation == FaceRelation::partial) {
    if (rng.chance(0.3)) {
      // Rectangles sharing the line of one side: collinear boundary edges.
      shape = "rectangles-shared-side";
      const auto a1 = rng.integer(4, 32), a2 = rng.integer(4, 28), b0 = rng.integer(4, 32),
                 b1 = rng.integer(4, 32);
      pa = rectangle(-a1, a2, -b0, b1);
      const auto c1 = rng.integer(1, a1 - 1), c2 = a2 + rng.integer(1, 8), c3 = rng.integer(4, 32);
      pb = rectangle(-c1, c2, -b0, c3);
    } else {
      shape = "polygons";
      pa = fat_polygon(rng, kRadius, 3, 8);
      do pb = fat_polygon(rng, static_cast<int>(rng.integer(24, 40)), 3, 8);
      while (polygon_inside(pa, pb) || polygon_inside(pb, pa));
    }
  } else if (relation == FaceRelation::contained) {
    pa = fat_polygon(rng, kRadius, 3, 8);
    const auto kind = rng.integer(0, 2);
    if (kind == 0) {
      shape = "strictly-inside";  // pa contains [-8, 8]², pb lies within radius 8
      pb = fat_polygon(rng, 8, 3, 8);
    } else {
      // Inside but sharing a boundary edge (or a vertex) with the outer face.
      const auto i =
          static_cast<std::size_t>(rng.integer(0, static_cast<std::int64_t>(pa.size()) - 1));
      const I2 p = pa[i], q = pa[(i + 1) % pa.size()];
      shape = kind == 1 ? "shares-edge" : "shares-vertex";
      std::vector<I2> pts = {p, {rng.integer(-4, 4), rng.integer(-4, 4)}};
      if (kind == 1)
        pts.push_back(q);
      else
        pts.push_back({rng.integer(-4, 4), rng.integer(-4, 4)});
      pb = hull2(pts);
      if (pb.size() < 3) pb = hull2({p, q, {0, 0}});
    }
  } else {
    shape = rng.chance(0.3) ? "rectangle" : "polygon";
    if (shape == "rectangle") {
      const auto y0 = rng.integer(4, 32), y1 = rng.integer(4, 32), z0 = rng.integer(4, 32),
                 z1 = rng.integer(4, 32);
      pa = rectangle(-y0, y1, -z0, z1);
    } else {
      pa = fat_polygon(rng, kRadius, 3, 8);
    }
    pb = pa;
  }
  const Solid lower = face_solid(rng, pa, kRadius), upper = face_solid(rng, pb, kRadius);
  nlohmann::json params = {{"lower", describe(lower)},
                           {"upper", describe(upper)},
                           {"unit", unit},
                           {"faces", shape},
                           {"face_vertices", {pa.size(), pb.size()}}};
  return place_on_axis(ctx, pair_of(lower, upper, unit), size, params);
}

auto contact(char lo, char up, bool parallel = false) {
  return [=](const std::string& n, std::uint64_t s, int i) {
    return feature_contact(n, s, i, lo, up, parallel);
  };
}

auto faces(FaceRelation r) {
  return [=](const std::string& n, std::uint64_t s, int i) { return face_face(n, s, i, r); };
}

std::vector<CaseFamily> build_families() {
  std::vector<CaseFamily> f;
  f.push_back(family("vertex-vertex",
                     "two apexes meet on an axis-aligned plane; degenerate closest-feature pair",
                     121, contact('v', 'v')));
  f.push_back(
      family("vertex-edge", "an apex on the interior of a ridge edge", 121, contact('v', 'e')));
  f.push_back(family("vertex-face", "an apex on the interior of a face", 121, contact('v', 'f')));
  f.push_back(family("edge-edge-crossing", "two non-parallel ridges crossing at a point", 121,
                     contact('e', 'e')));
  f.push_back(family("edge-edge-parallel",
                     "two parallel ridges overlapping along a segment (collinear at gap 0)", 121,
                     contact('e', 'e', true)));
  f.push_back(family("edge-edge-collinear",
                     "two ridges on one line meeting end to end; end faces overlap or only the "
                     "line is shared",
                     121, collinear_edges));
  f.push_back(family("edge-face", "a ridge lying on a face, inside it or across its boundary", 121,
                     contact('e', 'f')));
  f.push_back(family("face-face-partial", "coplanar faces overlapping partially", 121,
                     faces(FaceRelation::partial)));
  f.push_back(family("face-face-contained",
                     "a face inside another (strictly, or sharing an edge or vertex)", 121,
                     faces(FaceRelation::contained)));
  f.push_back(family("face-face-identical", "two different solids sharing an identical face", 121,
                     faces(FaceRelation::identical)));
  for (CaseFamily& s : stress_families()) f.push_back(std::move(s));
  for (CaseFamily& s : low_dimensional_families()) f.push_back(std::move(s));
  return f;
}

}  // namespace
}  // namespace cases

const std::vector<double>& gap_sweep() {
  static const std::vector<double> sweep = {0.0,   1e-15, -1e-15, 1e-12, -1e-12, 1e-9,
                                            -1e-9, 1e-6,  -1e-6,  1e-3,  -1e-3};
  return sweep;
}

const std::vector<CaseFamily>& case_families() {
  static const std::vector<CaseFamily> families = cases::build_families();
  return families;
}

const CaseFamily* find_case_family(const std::string& name) {
  return cases::find_named(case_families(), name);
}

std::vector<const CaseFamily*> match_case_families(const std::string& pattern) {
  return cases::match_named(case_families(), pattern);
}

std::vector<ProximityCase> default_suite(std::uint64_t seed) {
  std::vector<ProximityCase> out;
  for (const CaseFamily& f : case_families())
    for (int i = 0; i < f.default_count; ++i) out.push_back(f.generate(seed, i));
  return out;
}

}  // namespace touchstone

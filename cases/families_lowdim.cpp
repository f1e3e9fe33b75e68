// The `low-dimensional` family: a point, a segment or a flat polygon against a solid or another
// lower-dimensional shape, touching at gap 0 on the plane x = 0 and swept by the house's gaps
// (family_support.hpp). Every coordinate is an integer number of units (a power of two), so the
// contacts are exact. Ten variants, one per block of 11 indices:
//   point-on-face, point-at-vertex, segment-across-edge, segment-into-face, segment-across-face,
//   polygon-edge-on-face, polygon-edge-on-polygon: a contact that penetrates below gap 0 (the
//     shape crosses the other's interior, or pierces a polygon at an angle: A − B spans 3D);
//   coplanar-polygons, crossing-segments, point-on-polygon: both shapes lie in planes x = const,
//     so A − B is flat: touching at gap 0 (coplanar triangles overlapping have no interior overlap
//     in 3D), separated by |gap| on either side.
#include <array>
#include <string>

#include "cases/family_support.hpp"

namespace touchstone::cases {
namespace {

// A point of the square [-q, q]² that every fat_polygon(kRadius) holds in its interior.
I2 inner_point(Rng& rng) {
  const std::int64_t q = kRadius / 4 - 1;
  const std::int64_t y = rng.integer(-q, q);
  const std::int64_t z = rng.integer(-q, q);
  return {y, z};
}

// A flat polygon in the plane x = 0: a triangle or, one time in three, up to 6 corners.
std::vector<I3> flat_polygon(Rng& rng) {
  const int most = rng.chance(1.0 / 3) ? 6 : 3;
  std::vector<I3> out;
  for (const I2& p : fat_polygon(rng, kRadius, 3, most)) out.push_back({0, p.y, p.z});
  return out;
}

// A segment through the origin in the plane x = 0 along dir, reaching past radius on both sides.
std::vector<I3> crossing_segment(Rng& rng, I2 dir) {
  const std::int64_t from = rng.integer(kRadius + 1, 2 * kRadius);
  const std::int64_t to = rng.integer(kRadius + 1, 2 * kRadius);
  return {{0, -from * dir.y, -from * dir.z}, {0, to * dir.y, to * dir.z}};
}

// A triangle standing on the plane x = 0: its edge from p to q lies there, its apex at x = h > 0.
std::vector<I3> standing_triangle(Rng& rng) {
  const I2 p = inner_point(rng);
  I2 q = inner_point(rng);
  while (q.y == p.y && q.z == p.z) q = inner_point(rng);
  const std::int64_t h = rng.integer(4, kRadius);
  const I2 apex = inner_point(rng);
  return {{0, p.y, p.z}, {0, q.y, q.z}, {h, apex.y, apex.z}};
}

struct Variant {
  const char* name;
  const char* lower_feature;
  const char* upper_feature;
};
constexpr std::array<Variant, 10> kVariants = {{
    {"point-on-face", "face", "point"},
    {"point-at-vertex", "vertex", "point"},
    {"segment-across-edge", "edge", "segment"},
    {"segment-into-face", "face", "segment-end"},
    {"segment-across-face", "face", "segment"},
    {"polygon-edge-on-face", "face", "polygon-edge"},
    {"polygon-edge-on-polygon", "polygon", "polygon-edge"},
    {"coplanar-polygons", "polygon", "polygon"},
    {"crossing-segments", "segment", "segment"},
    {"point-on-polygon", "polygon", "point"},
}};

// The lower shape (x ≤ 0, its max-x feature at the origin) and the upper one (x ≥ 0, its min-x
// feature at the origin) of variant k, in units; `lower` is filled with a description.
std::pair<std::vector<I3>, std::vector<I3>> variant_shapes(Rng& rng, int k, nlohmann::json& lower) {
  auto solid = [&](const Solid& s) {
    lower = describe(s);
    return s.points;
  };
  switch (k) {
    case 0: {
      const auto face = solid(face_solid(rng, fat_polygon(rng, kRadius, 3, 8), kRadius));
      const I2 p = inner_point(rng);
      return {face, {{0, p.y, p.z}}};
    }
    case 1:
      return {solid(apex_solid(rng, kRadius)), {{0, 0, 0}}};
    case 2: {
      const I2 ridge = random_direction(rng);
      I2 across = random_direction(rng);
      while (cross({0, 0}, ridge, across) == 0) across = random_direction(rng);
      const std::int64_t reach =
          std::max<std::int64_t>(1, kRadius / std::max(std::abs(ridge.y), std::abs(ridge.z)));
      const std::int64_t from = -rng.integer(1, reach);
      const std::int64_t to = rng.integer(1, reach);
      const auto edge = solid(ridge_solid(rng, ridge, from, to, kRadius));
      return {edge, crossing_segment(rng, across)};
    }
    case 3: {
      const auto face = solid(face_solid(rng, fat_polygon(rng, kRadius, 3, 8), kRadius));
      const I2 p = inner_point(rng), q = inner_point(rng);
      return {face, {{0, p.y, p.z}, {rng.integer(1, kRadius), q.y, q.z}}};
    }
    case 4: {
      const auto face = solid(face_solid(rng, fat_polygon(rng, kRadius, 3, 8), kRadius));
      return {face, crossing_segment(rng, random_direction(rng))};
    }
    case 5:
      return {solid(face_solid(rng, fat_polygon(rng, kRadius, 3, 8), kRadius)),
              standing_triangle(rng)};
    case 6: {
      const auto polygon = flat_polygon(rng);
      return {polygon, standing_triangle(rng)};
    }
    case 7: {
      const auto a = flat_polygon(rng);
      return {a, flat_polygon(rng)};
    }
    case 8: {
      const I2 d1 = random_direction(rng);
      I2 d2 = random_direction(rng);
      while (cross({0, 0}, d1, d2) == 0) d2 = random_direction(rng);
      const auto a = crossing_segment(rng, d1);
      return {a, crossing_segment(rng, d2)};
    }
    default: {
      const auto polygon = flat_polygon(rng);
      const I2 p = inner_point(rng);
      return {polygon, {{0, p.y, p.z}}};
    }
  }
}

ProximityCase low_dimensional(const std::string& family, std::uint64_t seed, int index) {
  FamilyContext ctx(family, seed, index);
  Rng& rng = ctx.rng;
  const double size = random_size(rng), unit = size / 64;
  const int k = ctx.variant % static_cast<int>(kVariants.size());
  const Variant& v = kVariants[static_cast<std::size_t>(k)];
  nlohmann::json lower_description = {{"feature", v.lower_feature}};
  auto [lower, upper] = variant_shapes(rng, k, lower_description);
  AxisPair pair;
  pair.lower = scaled(lower, unit);
  pair.upper = scaled(upper, unit);
  pair.lower_feature = v.lower_feature;
  pair.upper_feature = v.upper_feature;
  // Both shapes in planes x = const: apart by |gap| on either side (see the top of the file).
  if (k >= 7) pair.model = ContactModel::parallel_planes;
  nlohmann::json params = {{"configuration", v.name},
                           {"lower", lower_description},
                           {"upper_points", upper.size()},
                           {"unit", unit}};
  ProximityCase c = place_on_axis(ctx, std::move(pair), size, params);
  c.tags.push_back(std::string("low-dimensional:") + v.name);
  return c;
}

}  // namespace

std::vector<CaseFamily> low_dimensional_families() {
  return {family("low-dimensional",
                 "points, segments and flat polygons on faces, edges, vertices and each other "
                 "(point on a face, segment across an edge, coplanar triangles, a polygon "
                 "edge-on to a face)",
                 110, low_dimensional)};
}

}  // namespace touchstone::cases

// Exact integer geometry for the degenerate families: convex polygons and solids with integer
// coordinates ("units", scaled to doubles by a power of two), built so that their contact
// feature lies exactly at x = 0.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cases/family_rng.hpp"

namespace touchstone::cases {

// ---- exact integer geometry (coordinates in "units"; scaled to doubles by a power of two) ----

constexpr int kRadius = 32;  // the families' polygon and solid radius in units; a unit is size / 64

struct I2 {
  std::int64_t y = 0, z = 0;
};
struct I3 {
  std::int64_t x = 0, y = 0, z = 0;
};
using Polygon = std::vector<I2>;  // convex, counter-clockwise in the (y, z) plane

std::int64_t cross(const I2& o, const I2& a, const I2& b);
Polygon hull2(std::vector<I2> points);  // strictly convex, counter-clockwise
bool strictly_inside(const Polygon& poly, const I2& p);
bool polygon_inside(const Polygon& inner, const Polygon& outer);  // every vertex strictly inside

// A random convex polygon with vertices in the annulus radius/2 ≤ |p| ≤ radius that contains the
// square [-radius/4, radius/4]² in its interior (so the origin, with margin). n in [min_n, max_n].
Polygon fat_polygon(Rng& rng, int radius, int min_n, int max_n);
Polygon rectangle(std::int64_t y0, std::int64_t y1, std::int64_t z0, std::int64_t z1);

// Solids on the x ≤ 0 side whose maximal-x feature passes through the origin, built so that -x
// points into the interior from the origin (a shift of the partner by -ε penetrates).
struct Solid {
  std::vector<I3> points;
  std::string feature;  // "vertex", "edge" or "face" (the feature at x = 0)
  std::string style;    // e.g. "pyramid", "wedge", "prism"
};
Solid apex_solid(Rng& rng, int radius);  // unique max-x vertex at the origin
Solid ridge_solid(Rng& rng, I2 dir, std::int64_t from, std::int64_t to, int radius);
Solid face_solid(Rng& rng, const Polygon& face, int radius);  // face polygon at x = 0
I2 random_direction(Rng& rng);                                // small integer direction in (y, z)
std::vector<I3> mirrored(std::vector<I3> points);             // x → -x
std::vector<Vec3> scaled(const std::vector<I3>& points, double unit);

// Largest |det| of 4 points relative to the bounding box, to reject flat random point sets.
bool is_solid(const std::vector<Vec3>& points);

// One side of a contact, built on the x <= 0 side, whose contact feature is a vertex ('v'), an
// edge along `dir` ('e') or a face (otherwise).
Solid side_along(Rng& rng, char kind, I2 dir, int radius);
// The same with a random edge direction (drawn only for an edge).
Solid side(Rng& rng, char kind, int radius);
// The solid's contact feature, style and point count, for a case's params.
nlohmann::json describe(const Solid& s);

}  // namespace touchstone::cases

#include "cases/exact_solids.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace touchstone::cases {

// ---------------------------------------------------------------- integer polygons

std::int64_t cross(const I2& o, const I2& a, const I2& b) {
  return (a.y - o.y) * (b.z - o.z) - (a.z - o.z) * (b.y - o.y);
}

Polygon hull2(std::vector<I2> p) {
  std::sort(p.begin(), p.end(),
            [](const I2& a, const I2& b) { return a.y < b.y || (a.y == b.y && a.z < b.z); });
  p.erase(std::unique(p.begin(), p.end(),
                      [](const I2& a, const I2& b) { return a.y == b.y && a.z == b.z; }),
          p.end());
  if (p.size() < 3) return p;
  Polygon h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && cross(h[k - 2], h[k - 1], p[i - 1]) <= 0) --k;
    h[k++] = p[i - 1];
  }
  h.resize(k - 1);
  return h;
}

bool strictly_inside(const Polygon& poly, const I2& p) {
  if (poly.size() < 3) return false;
  for (std::size_t i = 0; i < poly.size(); ++i)
    if (cross(poly[i], poly[(i + 1) % poly.size()], p) <= 0) return false;
  return true;
}

bool polygon_inside(const Polygon& inner, const Polygon& outer) {
  return std::all_of(inner.begin(), inner.end(),
                     [&](const I2& p) { return strictly_inside(outer, p); });
}

Polygon rectangle(std::int64_t y0, std::int64_t y1, std::int64_t z0, std::int64_t z1) {
  return {{y0, z0}, {y1, z0}, {y1, z1}, {y0, z1}};
}

Polygon fat_polygon(Rng& rng, int radius, int min_n, int max_n) {
  const std::int64_t r = radius, r2 = r * r, q = std::max<std::int64_t>(1, r / 4);
  const Polygon square = rectangle(-q, q, -q, q);
  for (int attempt = 0; attempt < 2000; ++attempt) {
    const auto n = rng.integer(min_n, max_n);
    std::vector<I2> pts;
    while (static_cast<std::int64_t>(pts.size()) < n) {
      const I2 p{rng.integer(-r, r), rng.integer(-r, r)};
      const std::int64_t d2 = p.y * p.y + p.z * p.z;
      if (4 * d2 >= r2 && d2 <= r2) pts.push_back(p);
    }
    Polygon h = hull2(pts);
    if (h.size() >= 3 && polygon_inside(square, h)) return h;
  }
  return rectangle(-r / 2, r / 2, -r / 2, r / 2);  // practically unreachable
}

// ---------------------------------------------------------------- integer solids

I2 random_direction(Rng& rng) {
  static const std::array<I2, 12> dirs = {{{1, 0},
                                           {0, 1},
                                           {1, 1},
                                           {1, -1},
                                           {2, 1},
                                           {1, 2},
                                           {2, -1},
                                           {1, -2},
                                           {3, 1},
                                           {1, 3},
                                           {3, -2},
                                           {2, 3}}};
  return dirs[static_cast<std::size_t>(rng.integer(0, 11))];
}

Solid apex_solid(Rng& rng, int radius) {
  Solid s;
  s.feature = "vertex";
  const std::int64_t h = rng.integer(radius / 4 + 1, radius);
  s.points.push_back({0, 0, 0});
  const auto kind = rng.integer(0, 3);
  if (kind == 3) {  // octahedron standing on a vertex
    s.style = "octahedron";
    const std::int64_t r = rng.integer(radius / 4 + 1, radius);
    for (I2 p : std::array<I2, 4>{{{r, 0}, {-r, 0}, {0, r}, {0, -r}}})
      s.points.push_back({-h, p.y, p.z});
    s.points.push_back({-2 * h, 0, 0});
    return s;
  }
  // The ring around the axis makes -x an interior direction at the apex.
  const Polygon ring = fat_polygon(rng, radius, 3, 8);
  for (const I2& p : ring) s.points.push_back({-h, p.y, p.z});
  if (kind == 0) {
    s.style = "pyramid";
  } else if (kind == 1) {
    s.style = "bipyramid";
    s.points.push_back({-h - rng.integer(1, radius), rng.integer(-radius / 4, radius / 4),
                        rng.integer(-radius / 4, radius / 4)});
  } else {
    s.style = "random-cone";
    const auto extra = rng.integer(1, 12);
    for (int i = 0; i < extra; ++i)
      s.points.push_back(
          {-rng.integer(h, 2 * h), rng.integer(-radius, radius), rng.integer(-radius, radius)});
  }
  return s;
}

Solid ridge_solid(Rng& rng, I2 dir, std::int64_t from, std::int64_t to, int radius) {
  Solid s;
  s.feature = "edge";
  const I2 perp{-dir.z, dir.y};
  const std::int64_t h = rng.integer(radius / 4 + 1, radius);
  const std::int64_t w = rng.integer(2, std::max<std::int64_t>(2, radius / 4));
  const std::int64_t w2 = rng.integer(2, std::max<std::int64_t>(2, radius / 4));
  const I2 ends[2] = {{from * dir.y, from * dir.z}, {to * dir.y, to * dir.z}};
  for (const I2& e : ends) {
    s.points.push_back({0, e.y, e.z});
    // The body lies on both sides of the ridge, so -x points into it from the ridge.
    s.points.push_back({-h, e.y + w * perp.y, e.z + w * perp.z});
    s.points.push_back({-h, e.y - w2 * perp.y, e.z - w2 * perp.z});
  }
  const auto kind = rng.integer(0, 2);
  if (kind == 0) {
    s.style = "wedge";
  } else if (kind == 1) {
    s.style = "roof";
    for (const I2& e : ends) {
      s.points.push_back({-2 * h, e.y + w * perp.y, e.z + w * perp.z});
      s.points.push_back({-2 * h, e.y - w2 * perp.y, e.z - w2 * perp.z});
    }
  } else {
    s.style = "random-wedge";
    const auto extra = rng.integer(1, 10);
    const std::int64_t lo = std::min(from, to), hi = std::max(from, to);
    for (int i = 0; i < extra; ++i) {
      const std::int64_t t = rng.integer(lo, hi), o = rng.integer(-w2, w);
      s.points.push_back(
          {-rng.integer(h + 1, 2 * h), t * dir.y + o * perp.y, t * dir.z + o * perp.z});
    }
  }
  return s;
}

Solid face_solid(Rng& rng, const Polygon& face, int radius) {
  Solid s;
  s.feature = "face";
  const std::int64_t h = rng.integer(radius / 4 + 1, radius);
  for (const I2& p : face) s.points.push_back({0, p.y, p.z});
  const auto kind = rng.integer(0, 3);
  if (kind == 0) {
    s.style = "prism";
    for (const I2& p : face) s.points.push_back({-h, p.y, p.z});
  } else if (kind == 1) {
    s.style = "pyramid";
    s.points.push_back(
        {-h, rng.integer(-radius / 2, radius / 2), rng.integer(-radius / 2, radius / 2)});
  } else if (kind == 2) {
    s.style = "frustum";
    for (const I2& p : face) s.points.push_back({-h, 2 * p.y, 2 * p.z});
  } else {
    s.style = "random";
    const auto extra = rng.integer(1, 16);
    for (int i = 0; i < extra; ++i)
      s.points.push_back(
          {-rng.integer(1, h), rng.integer(-radius, radius), rng.integer(-radius, radius)});
  }
  return s;
}

std::vector<I3> mirrored(std::vector<I3> points) {
  for (I3& p : points) p.x = -p.x;
  return points;
}

std::vector<Vec3> scaled(const std::vector<I3>& points, double unit) {
  std::vector<Vec3> out;
  out.reserve(points.size());
  for (const I3& p : points)
    out.emplace_back(static_cast<double>(p.x) * unit, static_cast<double>(p.y) * unit,
                     static_cast<double>(p.z) * unit);
  return out;
}

bool is_solid(const std::vector<Vec3>& points) {
  if (points.size() < 4) return false;
  for (const Vec3& p : points)
    if (!p.allFinite()) return false;
  // Greedy: farthest point, farthest from the line, farthest from the plane.
  const Vec3 p0 = points[0];
  std::size_t i1 = 0;
  for (std::size_t i = 1; i < points.size(); ++i)
    if ((points[i] - p0).squaredNorm() > (points[i1] - p0).squaredNorm()) i1 = i;
  const Vec3 e1 = points[i1] - p0;
  const double len = e1.norm();
  if (len == 0) return false;
  std::size_t i2 = 0;
  for (std::size_t i = 1; i < points.size(); ++i)
    if (e1.cross(points[i] - p0).squaredNorm() > e1.cross(points[i2] - p0).squaredNorm()) i2 = i;
  const Vec3 n = e1.cross(points[i2] - p0);
  if (n.norm() <= 1e-12 * len * len) return false;
  double best = 0;
  for (const Vec3& p : points) best = std::max(best, std::abs(n.dot(p - p0)));
  return best > 1e-12 * n.norm() * len;
}

Solid side_along(Rng& rng, char kind, I2 dir, int radius) {
  switch (kind) {
    case 'v':
      return apex_solid(rng, radius);
    case 'e': {
      const std::int64_t reach =
          std::max<std::int64_t>(1, radius / std::max(std::abs(dir.y), std::abs(dir.z)));
      const std::int64_t from = -rng.integer(1, reach);
      const std::int64_t to = rng.integer(1, reach);
      return ridge_solid(rng, dir, from, to, radius);
    }
    default:
      return face_solid(rng, fat_polygon(rng, radius, 3, 8), radius);
  }
}

Solid side(Rng& rng, char kind, int radius) {
  // The direction is drawn only for an edge, first, as the generators always did.
  return kind == 'e' ? side_along(rng, kind, random_direction(rng), radius)
                     : side_along(rng, kind, I2{}, radius);
}

nlohmann::json describe(const Solid& s) {
  return {{"feature", s.feature}, {"style", s.style}, {"points", s.points.size()}};
}

}  // namespace touchstone::cases

// Exact solids for the contact-region families (see region_shapes.hpp). Coordinates are small
// integers, so every product below is exact in doubles.
#include "cases/region_shapes.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "cases/mesh_import.hpp"

namespace touchstone::cases {
namespace {

// Reverses every face when the enclosed volume is negative (builders emit consistent faces of
// either orientation).
Brep oriented(Brep b) {
  if (volume6(b) < 0)
    for (auto& f : b.faces) std::reverse(f.begin(), f.end());
  return b;
}

bool collinear(const Vec3& a, const Vec3& b, const Vec3& c) {
  return (b - a).cross(c - a).isZero(0.0);
}

// Drops vertices that lie inside a straight edge (in exactly two faces, collinear with their
// neighbours in both), then unused vertices.
Brep without_edge_vertices(Brep b) {
  std::vector<int> uses(b.vertices.size(), 0);
  for (const auto& f : b.faces)
    for (int v : f) ++uses[v];
  std::vector<bool> drop(b.vertices.size(), false);
  for (std::size_t v = 0; v < b.vertices.size(); ++v) drop[v] = uses[v] == 2;
  for (const auto& f : b.faces)
    for (std::size_t i = 0; i < f.size(); ++i) {
      const int v = f[i];
      if (drop[v] && !collinear(b.vertices[f[(i + f.size() - 1) % f.size()]], b.vertices[v],
                                b.vertices[f[(i + 1) % f.size()]]))
        drop[v] = false;
    }
  std::vector<int> index(b.vertices.size(), -1);
  Brep out;
  for (auto& f : b.faces) {
    std::vector<int> kept;
    for (int v : f) {
      if (drop[v]) continue;
      if (index[v] < 0) {
        index[v] = static_cast<int>(out.vertices.size());
        out.vertices.push_back(b.vertices[v]);
      }
      kept.push_back(index[v]);
    }
    out.faces.push_back(std::move(kept));
  }
  return out;
}

// Vertex ids of a point set, deduplicated by exact coordinates.
struct VertexPool {
  std::map<std::array<double, 3>, int> ids;
  Brep brep;
  int operator()(double x, double y, double z) {
    const auto [it, fresh] = ids.emplace(std::array<double, 3>{x, y, z}, 0);
    if (fresh) {
      it->second = static_cast<int>(brep.vertices.size());
      brep.vertices.emplace_back(x, y, z);
    }
    return it->second;
  }
};

}  // namespace

double volume6(const Brep& b) {
  double v = 0;
  for (const auto& f : b.faces)
    for (std::size_t i = 1; i + 1 < f.size(); ++i)
      v += b.vertices[f[0]].dot(b.vertices[f[i]].cross(b.vertices[f[i + 1]]));
  return v;
}

Brep cell_solid(const std::vector<double>& xs, const std::vector<double>& ys,
                const std::vector<double>& zs, const std::function<bool(int, int, int)>& filled) {
  const int nx = static_cast<int>(xs.size()) - 1, ny = static_cast<int>(ys.size()) - 1,
            nz = static_cast<int>(zs.size()) - 1;
  auto in = [&](int i, int j, int k) {
    return i >= 0 && j >= 0 && k >= 0 && i < nx && j < ny && k < nz && filled(i, j, k);
  };
  VertexPool pool;
  // The face of cell (i, j, k) on its side `axis` (+1 or -1 by `up`), counter-clockwise seen from
  // outside: the two other axes in cyclic order (y, z), (z, x), (x, y).
  auto face = [&](int i, int j, int k, int axis, bool up) {
    const int c[3] = {i, j, k};
    const std::vector<double>* grid[3] = {&xs, &ys, &zs};
    const int u = (axis + 1) % 3, v = (axis + 2) % 3;
    std::vector<int> loop;
    const int corners[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (const auto& corner : corners) {
      double p[3];
      p[axis] = (*grid[axis])[c[axis] + (up ? 1 : 0)];
      p[u] = (*grid[u])[c[u] + corner[0]];
      p[v] = (*grid[v])[c[v] + corner[1]];
      loop.push_back(pool(p[0], p[1], p[2]));
    }
    if (!up) std::reverse(loop.begin(), loop.end());
    pool.brep.faces.push_back(loop);
  };
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        if (!in(i, j, k)) continue;
        const int d[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        for (int axis = 0; axis < 3; ++axis)
          for (int s : {1, -1})
            if (!in(i + s * d[axis][0], j + s * d[axis][1], k + s * d[axis][2]))
              face(i, j, k, axis, s > 0);
      }
  Brep cells = std::move(pool.brep);
  cells.faces = merge_coplanar_faces(cells.vertices, cells.faces);
  return without_edge_vertices(std::move(cells));
}

Brep box(const Vec3& lo, const Vec3& hi) {
  return cell_solid({lo.x(), hi.x()}, {lo.y(), hi.y()}, {lo.z(), hi.z()},
                    [](int, int, int) { return true; });
}

namespace {

// The prism over a polygon: `point(p, level)` places 2D point p at level 0 or 1.
Brep extrude(const Polygon2& polygon,
             const std::function<Vec3(const std::array<double, 2>&, int)>& point) {
  Brep b;
  const int n = static_cast<int>(polygon.size());
  for (int level = 0; level < 2; ++level)
    for (const auto& p : polygon) b.vertices.push_back(point(p, level));
  std::vector<int> bottom, top;
  for (int i = 0; i < n; ++i) {
    top.push_back(n + i);
    bottom.push_back(n - 1 - i);
    const int j = (i + 1) % n;
    b.faces.push_back({i, j, n + j, n + i});
  }
  b.faces.push_back(bottom);
  b.faces.push_back(top);
  return oriented(std::move(b));
}

}  // namespace

Brep extrude_xz(const Polygon2& polygon, double y0, double y1) {
  return extrude(polygon, [&](const std::array<double, 2>& p, int level) {
    return Vec3(p[0], level ? y1 : y0, p[1]);
  });
}

Brep extrude_xy(const Polygon2& polygon, double z0, double z1) {
  return extrude(polygon, [&](const std::array<double, 2>& p, int level) {
    return Vec3(p[0], p[1], level ? z1 : z0);
  });
}

namespace {

// Side quadrilaterals between consecutive levels of a loft whose level l starts at vertex
// first + l·n; `inward` reverses them (the wall of a hole).
void loft_sides(Brep& b, int first, int n, std::size_t levels, bool inward) {
  for (std::size_t l = 0; l + 1 < levels; ++l)
    for (int i = 0; i < n; ++i) {
      const int base = first + static_cast<int>(l) * n, j = (i + 1) % n;
      std::vector<int> q{base + i, base + j, base + n + j, base + n + i};
      if (inward) std::reverse(q.begin(), q.end());
      b.faces.push_back(q);
    }
}

void add_levels(Brep& b, const Polygon2& polygon, const std::vector<Level>& levels) {
  for (std::size_t l = 0; l < levels.size(); ++l) {
    if (l > 0 && levels[l].z < levels[l - 1].z)
      throw std::invalid_argument("loft: levels must not go down");
    for (const auto& p : polygon)
      b.vertices.emplace_back(p[0] * levels[l].scale, p[1] * levels[l].scale, levels[l].z);
  }
}

}  // namespace

Brep loft(const Polygon2& polygon, const std::vector<Level>& levels) {
  Brep b;
  const int n = static_cast<int>(polygon.size());
  add_levels(b, polygon, levels);
  loft_sides(b, 0, n, levels.size(), false);
  std::vector<int> bottom, top;
  const int last = static_cast<int>(levels.size() - 1) * n;
  for (int i = 0; i < n; ++i) {
    bottom.push_back(n - 1 - i);
    top.push_back(last + i);
  }
  b.faces.push_back(bottom);
  b.faces.push_back(top);
  return oriented(std::move(b));
}

Brep holed(const Polygon2& outer, const std::vector<Level>& outer_levels, const Polygon2& inner,
           const std::vector<Level>& inner_levels) {
  if (outer.size() != inner.size() || outer_levels.front().z != inner_levels.front().z ||
      outer_levels.back().z != inner_levels.back().z)
    throw std::invalid_argument("holed: outer and inner must match in size and height");
  Brep b;
  const int n = static_cast<int>(outer.size());
  add_levels(b, outer, outer_levels);
  const int in0 = static_cast<int>(b.vertices.size());
  add_levels(b, inner, inner_levels);
  loft_sides(b, 0, n, outer_levels.size(), false);
  loft_sides(b, in0, n, inner_levels.size(), true);
  const int outer_top = static_cast<int>(outer_levels.size() - 1) * n;
  const int inner_top = in0 + static_cast<int>(inner_levels.size() - 1) * n;
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    b.faces.push_back({outer_top + i, outer_top + j, inner_top + j, inner_top + i});
    b.faces.push_back({in0 + i, in0 + j, j, i});
  }
  return oriented(std::move(b));
}

Brep tetrahedron(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  Brep t{{a, b, c, d}, {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}}};
  return oriented(std::move(t));
}

Brep transformed(Brep b, double scale, const Vec3& offset) {
  for (Vec3& v : b.vertices) v = v * scale + offset;
  return b;
}

}  // namespace touchstone::cases

// Mesh import (see mesh_import.hpp): our OFF and OBJ readers or CGAL's STL reader, CGAL's weld of
// exactly coincident points, then our own checks on the soup, each with exact predicates on the
// file's doubles, then the coplanar merge. The one CGAL translation unit of cases/: Epick
// predicates, Surface_mesh, PMP's soup repair, self-intersection and orientation tests.
#include "cases/mesh_import.hpp"

// GCC 12 flags the empty functor members CGAL's self_intersections passes by reference
// (Strict_intersect_faces: construct_segment_3 and friends) as maybe-uninitialized; they hold no
// state. Silenced for this file only.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/IO/polygon_soup_io.h>
#include <CGAL/Polygon_mesh_processing/orientation.h>
#include <CGAL/Polygon_mesh_processing/repair_polygon_soup.h>
#include <CGAL/Polygon_mesh_processing/self_intersections.h>
#include <CGAL/Surface_mesh.h>

#include <algorithm>
#include <array>
#include <boost/iterator/function_output_iterator.hpp>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <string>

#include "cases/format/json_reader.hpp"
#include "cases/mesh_obj_internal.hpp"

namespace touchstone {
namespace {

namespace fs = std::filesystem;
namespace PMP = CGAL::Polygon_mesh_processing;
using K = CGAL::Exact_predicates_inexact_constructions_kernel;
using P3 = K::Point_3;
using P2 = K::Point_2;
using Loop = std::vector<int>;
using DirectedEdge = std::pair<int, int>;

[[noreturn]] void fail(const fs::path& file, const std::string& defect, const std::string& detail) {
  throw MeshError(file.string() + ": " + defect + ": " + detail);
}

std::string face_name(std::size_t f) { return "face " + std::to_string(f); }
std::string edge_name(int u, int v) {
  return "edge " + std::to_string(u) + "-" + std::to_string(v);
}

struct UnionFind {
  std::vector<int> parent;
  explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int find(int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void unite(int a, int b) { parent[find(a)] = find(b); }
};

// ---- reading ----

struct Soup {
  std::vector<P3> points;
  std::vector<Loop> faces;
  std::vector<std::string> warnings;
  std::size_t welded = 0;  // points merged into an earlier one at exactly the same place
};

// Plain ASCII OFF, read here rather than by CGAL's OFF scanner: that scanner casts face sizes and
// vertex indices to unsigned sizes without checking them and resynchronises across lines, so a
// negative index reached undefined behaviour (found by fuzzing, tests/data/fuzz-regressions).
// Lines are read with '#' comments removed and blank lines skipped: "OFF" (the counts may follow
// on the same line), "nv nf [ne]", nv vertex lines "x y z", nf face lines "k i1 … ik" (anything
// after the k indices, such as a colour, is ignored). The header may be COFF, NOFF, CNOFF or
// ST...OFF: what those add after a vertex's x y z (colour, normal, texture coordinates) is ignored.
// Other OFF variants (4OFF, nOFF, binary) are refused by name.
void read_off(const fs::path& file, std::vector<P3>& points,
              std::vector<std::vector<std::size_t>>& polygons) {
  std::ifstream in(file, std::ios::binary);
  std::vector<std::vector<std::string>> lines;
  for (std::string line; std::getline(in, line);) {
    std::istringstream tokens(line.substr(0, line.find('#')));
    std::vector<std::string> words{std::istream_iterator<std::string>(tokens), {}};
    if (!words.empty()) lines.push_back(std::move(words));
  }
  if (lines.empty()) fail(file, "empty", "no OFF header");
  static const std::set<std::string> headers{"OFF",   "COFF",   "NOFF",   "CNOFF",
                                             "STOFF", "STCOFF", "STNOFF", "STCNOFF"};
  if (!headers.count(lines[0][0]))
    fail(file, "unreadable",
         "header '" + valid_utf8(lines[0][0]) +
             "' (ASCII OFF is read, with or without colours, normals and texture coordinates "
             "after each vertex; not 4OFF, nOFF or binary OFF)");
  auto count = [&](const std::string& word, const std::string& what) {
    long long value = -1;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (error != std::errc() || end != word.data() + word.size() || value < 0)
      fail(file, "unreadable", what + " '" + valid_utf8(word) + "' is not a count");
    return static_cast<std::size_t>(value);
  };
  std::vector<std::string> header(lines[0].begin() + 1, lines[0].end());
  std::size_t next = 1;
  if (header.empty() && lines.size() > 1) header = lines[next++];
  if (header.size() < 2) fail(file, "unreadable", "no vertex and face counts after 'OFF'");
  const std::size_t nv = count(header[0], "the vertex count");
  const std::size_t nf = count(header[1], "the face count");
  if (lines.size() < next + nv + nf)
    fail(file, "unreadable",
         "the header announces " + std::to_string(nv) + " vertices and " + std::to_string(nf) +
             " faces but the file has " + std::to_string(lines.size() - next) + " data lines");
  for (std::size_t v = 0; v < nv; ++v) {
    const std::vector<std::string>& line = lines[next + v];
    if (line.size() < 3)
      fail(file, "unreadable", "vertex " + std::to_string(v) + " has fewer than 3 coordinates");
    double xyz[3];
    for (int i = 0; i < 3; ++i) {
      const auto [end, error] =
          std::from_chars(line[i].data(), line[i].data() + line[i].size(), xyz[i]);
      if (error != std::errc() || end != line[i].data() + line[i].size())
        fail(file, "unreadable",
             "vertex " + std::to_string(v) + " coordinate '" + valid_utf8(line[i]) +
                 "' is not a number");
    }
    points.emplace_back(xyz[0], xyz[1], xyz[2]);
  }
  for (std::size_t f = 0; f < nf; ++f) {
    const std::vector<std::string>& line = lines[next + nv + f];
    const std::size_t k = count(line[0], face_name(f) + " size");
    if (k > nv || line.size() < k + 1)
      fail(file, "unreadable",
           face_name(f) + " announces " + std::to_string(k) + " vertices and lists " +
               std::to_string(line.size() - 1) + " (the file has " + std::to_string(nv) +
               " vertices)");
    std::vector<std::size_t> polygon;
    for (std::size_t i = 1; i <= k; ++i) {
      const std::size_t index = count(line[i], face_name(f) + " vertex index");
      if (index >= nv)
        fail(file, "unreadable",
             face_name(f) + " names vertex " + std::to_string(index) +
                 " (expected an index from 0 to " + std::to_string(nv - 1) + ")");
      polygon.push_back(index);
    }
    polygons.push_back(std::move(polygon));
  }
}

Soup read_soup(const fs::path& file) {
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  if (ext != ".off" && ext != ".obj" && ext != ".stl")
    fail(file, "unknown extension", "'" + ext + "' (expected .off, .obj or .stl)");
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) fail(file, "unreadable", "no such file");
  std::vector<P3> points;
  std::vector<std::vector<std::size_t>> polygons;
  std::vector<std::string> warnings;
  if (ext == ".off") {
    read_off(file, points, polygons);
  } else if (ext == ".obj") {
    mesh_detail::ObjSoup obj = mesh_detail::read_obj(file);
    for (const auto& p : obj.points) points.emplace_back(p[0], p[1], p[2]);
    polygons = std::move(obj.polygons);
    warnings = std::move(obj.warnings);
  } else if (!CGAL::IO::read_polygon_soup(file.string(), points, polygons,
                                          CGAL::parameters::verbose(false))) {
    fail(file, "unreadable", "CGAL's " + ext.substr(1) + " reader rejected the file");
  }
  if (polygons.empty()) fail(file, "empty", "no faces");
  // The exact predicates below are defined on finite doubles only.
  for (std::size_t v = 0; v < points.size(); ++v)
    if (!std::isfinite(points[v].x()) || !std::isfinite(points[v].y()) ||
        !std::isfinite(points[v].z()))
      fail(file, "unreadable", "vertex " + std::to_string(v) + " has a non-finite coordinate");
  // A triangle soup (each face with its own copies of its corners, as exporters write it) becomes
  // a mesh: points with exactly equal doubles are one vertex, so nothing moves.
  const std::size_t read = points.size();
  Soup soup;
  soup.welded = PMP::merge_duplicate_points_in_polygon_soup(points, polygons);
  if (soup.welded > 0)
    warnings.push_back(file.string() + ": welded " + std::to_string(read) + " vertices into " +
                       std::to_string(read - soup.welded) +
                       " (vertices at exactly the same point are one vertex)");
  soup.warnings = std::move(warnings);
  soup.points = std::move(points);
  for (std::size_t f = 0; f < polygons.size(); ++f) {
    Loop loop;
    for (std::size_t i : polygons[f]) {
      if (i >= soup.points.size())
        fail(file, "unreadable",
             face_name(f) + " names vertex " + std::to_string(i) + " of " +
                 std::to_string(soup.points.size()));
      loop.push_back(static_cast<int>(i));
    }
    soup.faces.push_back(std::move(loop));
  }
  return soup;
}

// ---- combinatorial checks ----

void check_faces_and_vertices(const fs::path& file, const Soup& soup) {
  std::vector<int> uses(soup.points.size(), 0);
  for (std::size_t f = 0; f < soup.faces.size(); ++f) {
    const Loop& loop = soup.faces[f];
    if (loop.size() < 3)
      fail(file, "degenerate face",
           face_name(f) + " has " + std::to_string(loop.size()) + " vertices");
    std::set<int> seen(loop.begin(), loop.end());
    if (seen.size() != loop.size())
      fail(file, "degenerate face", face_name(f) + " visits a vertex twice");
    for (int v : loop) ++uses[v];
  }
  for (std::size_t v = 0; v < uses.size(); ++v)
    if (uses[v] == 0)
      fail(file, "isolated vertex", "vertex " + std::to_string(v) + " is in no face");
}

// Directed edge (u, v) -> the faces that run along it.
std::map<DirectedEdge, std::vector<int>> directed_edges(const Soup& soup) {
  std::map<DirectedEdge, std::vector<int>> out;
  for (std::size_t f = 0; f < soup.faces.size(); ++f) {
    const Loop& loop = soup.faces[f];
    for (std::size_t i = 0; i < loop.size(); ++i)
      out[{loop[i], loop[(i + 1) % loop.size()]}].push_back(static_cast<int>(f));
  }
  return out;
}

void check_edges(const fs::path& file, const std::map<DirectedEdge, std::vector<int>>& edges) {
  for (const auto& [e, faces] : edges) {
    const auto [u, v] = e;
    const auto twin = edges.find({v, u});
    const std::size_t back = twin == edges.end() ? 0 : twin->second.size();
    const std::size_t total = faces.size() + back;
    if (total == 1)
      fail(file, "open", edge_name(u, v) + " of " + face_name(faces[0]) + " is a border edge");
    if (total > 2)
      fail(file, "non-manifold edge",
           edge_name(u, v) + " is shared by " + std::to_string(total) + " faces");
    if (faces.size() == 2)
      fail(file, "inconsistent orientation",
           face_name(faces[0]) + " and " + face_name(faces[1]) + " both run along " +
               edge_name(u, v) + " in the same direction");
  }
}

// Around each vertex the faces must form one fan: joined through the edges at that vertex.
void check_vertex_fans(const fs::path& file, const Soup& soup,
                       const std::map<DirectedEdge, std::vector<int>>& edges) {
  std::vector<std::vector<int>> corners(soup.points.size());  // faces at each vertex
  for (std::size_t f = 0; f < soup.faces.size(); ++f)
    for (int v : soup.faces[f]) corners[v].push_back(static_cast<int>(f));
  UnionFind fans(soup.faces.size());
  for (const auto& [e, faces] : edges) {
    const int twin = edges.at({e.second, e.first}).front();
    fans.unite(faces.front(), twin);  // joined at both ends of the edge
  }
  // The union above joins faces across edges; a vertex whose faces are not all joined by edges
  // incident to the vertex itself is a pinch. Check per vertex with its own local union.
  for (std::size_t v = 0; v < corners.size(); ++v) {
    const std::vector<int>& at = corners[v];
    UnionFind local(at.size());
    auto slot = [&](int face) {
      return static_cast<int>(std::find(at.begin(), at.end(), face) - at.begin());
    };
    for (std::size_t k = 0; k < at.size(); ++k) {
      const Loop& loop = soup.faces[at[k]];
      const std::size_t i = std::find(loop.begin(), loop.end(), static_cast<int>(v)) - loop.begin();
      const int next = loop[(i + 1) % loop.size()];
      local.unite(static_cast<int>(k), slot(edges.at({next, static_cast<int>(v)}).front()));
    }
    for (std::size_t k = 1; k < at.size(); ++k)
      if (local.find(static_cast<int>(k)) != local.find(0))
        fail(file, "non-manifold vertex",
             "the faces at vertex " + std::to_string(v) + " form more than one fan");
  }
  int components = 0;
  for (std::size_t f = 0; f < soup.faces.size(); ++f)
    if (fans.find(static_cast<int>(f)) == static_cast<int>(f)) ++components;
  if (components > 1)
    fail(file, "several components",
         std::to_string(components) + " separate shells (one solid per mesh file)");
}

// ---- geometric checks ----

// Three vertices of the loop that are not collinear, or nullopt.
std::optional<std::array<int, 3>> plane_triple(const std::vector<P3>& p, const Loop& loop) {
  for (std::size_t k = 2; k < loop.size(); ++k)
    for (std::size_t j = 1; j < k; ++j)
      if (!CGAL::collinear(p[loop[0]], p[loop[j]], p[loop[k]]))
        return {{loop[0], loop[j], loop[k]}};
  return std::nullopt;
}

bool loop_planar(const std::vector<P3>& p, const Loop& loop, const std::array<int, 3>& t) {
  return std::all_of(loop.begin(), loop.end(), [&](int v) {
    return CGAL::orientation(p[t[0]], p[t[1]], p[t[2]], p[v]) == CGAL::COPLANAR;
  });
}

// Projection of a planar loop onto the coordinate plane that keeps it non-degenerate (dropping a
// coordinate is exact), oriented counter-clockwise when `ccw`.
std::vector<P2> project(const std::vector<P3>& p, const Loop& loop, const std::array<int, 3>& t) {
  int drop = 0;
  for (; drop < 3; ++drop) {
    auto q = [&](int v) {
      const P3& a = p[v];
      return drop == 0 ? P2(a.y(), a.z()) : drop == 1 ? P2(a.z(), a.x()) : P2(a.x(), a.y());
    };
    if (!CGAL::collinear(q(t[0]), q(t[1]), q(t[2]))) {
      std::vector<P2> out;
      for (int v : loop) out.push_back(q(v));
      return out;
    }
  }
  return {};
}

bool inside_or_on(const P2& a, const P2& b, const P2& c, const P2& q) {
  return CGAL::orientation(a, b, q) != CGAL::RIGHT_TURN &&
         CGAL::orientation(b, c, q) != CGAL::RIGHT_TURN &&
         CGAL::orientation(c, a, q) != CGAL::RIGHT_TURN;
}

// Ear clipping of a simple polygon (projected, counter-clockwise in `q`), exact predicates. An ear
// whose removal would leave only collinear vertices is skipped. Returns triangles of loop
// positions, or nullopt when no ear is found (the polygon is not simple).
std::optional<std::vector<std::array<int, 3>>> ear_clip(const std::vector<P2>& q) {
  std::vector<int> rest(q.size());
  std::iota(rest.begin(), rest.end(), 0);
  std::vector<std::array<int, 3>> out;
  auto all_collinear = [&](const std::vector<int>& r) {
    for (std::size_t i = 2; i < r.size(); ++i)
      if (!CGAL::collinear(q[r[0]], q[r[1]], q[r[i]])) return false;
    return true;
  };
  while (rest.size() > 3) {
    bool clipped = false;
    for (std::size_t i = 0; i < rest.size() && !clipped; ++i) {
      const int a = rest[(i + rest.size() - 1) % rest.size()], b = rest[i],
                c = rest[(i + 1) % rest.size()];
      if (CGAL::orientation(q[a], q[b], q[c]) != CGAL::LEFT_TURN) continue;
      bool empty = true;
      for (int v : rest)
        if (v != a && v != b && v != c && inside_or_on(q[a], q[b], q[c], q[v])) empty = false;
      if (!empty) continue;
      std::vector<int> after = rest;
      after.erase(after.begin() + static_cast<std::ptrdiff_t>(i));
      if (all_collinear(after)) continue;
      out.push_back({a, b, c});
      rest = std::move(after);
      clipped = true;
    }
    if (!clipped) return std::nullopt;
  }
  if (CGAL::orientation(q[rest[0]], q[rest[1]], q[rest[2]]) != CGAL::LEFT_TURN) return std::nullopt;
  out.push_back({rest[0], rest[1], rest[2]});
  return out;
}

// The orientation of a simple projected polygon: the turn at its lexicographically smallest vertex.
CGAL::Orientation polygon_turn(const std::vector<P2>& q) {
  const std::size_t m = std::min_element(q.begin(), q.end()) - q.begin();
  return CGAL::orientation(q[(m + q.size() - 1) % q.size()], q[m], q[(m + 1) % q.size()]);
}

// A triangle of a face's triangulation: its corners and the source face it comes from.
struct Triangle {
  std::array<int, 3> v;
  std::size_t face;
};

// Every face planar and simple; returns the triangles (as vertex triples, in the face's order).
std::vector<Triangle> triangulate(const fs::path& file, const Soup& soup) {
  std::vector<Triangle> triangles;
  for (std::size_t f = 0; f < soup.faces.size(); ++f) {
    const Loop& loop = soup.faces[f];
    const auto t = plane_triple(soup.points, loop);
    if (!t) fail(file, "degenerate face", face_name(f) + " has zero area (collinear vertices)");
    if (!loop_planar(soup.points, loop, *t))
      fail(file, "non-planar face", face_name(f) + " is not exactly planar");
    std::vector<P2> q = project(soup.points, loop, *t);
    const CGAL::Orientation turn = polygon_turn(q);
    if (turn == CGAL::COLLINEAR)
      fail(file, "degenerate face", face_name(f) + " is not a simple polygon");
    if (turn == CGAL::RIGHT_TURN)
      for (P2& p : q) p = P2(p.x(), -p.y());  // mirror: exact
    const auto ears = ear_clip(q);
    if (!ears) fail(file, "degenerate face", face_name(f) + " is not a simple polygon");
    for (const auto& e : *ears) triangles.push_back({{loop[e[0]], loop[e[1]], loop[e[2]]}, f});
  }
  return triangles;
}

void check_solid(const fs::path& file, const Soup& soup, const std::vector<Triangle>& triangles) {
  using Mesh = CGAL::Surface_mesh<P3>;
  Mesh mesh;
  std::vector<Mesh::Vertex_index> ids;
  for (const P3& p : soup.points) ids.push_back(mesh.add_vertex(p));
  for (const Triangle& t : triangles)
    if (mesh.add_face(ids[t.v[0]], ids[t.v[1]], ids[t.v[2]]) == Mesh::null_face())
      fail(file, "self-intersecting",
           "the interior of " + face_name(t.face) + " runs along an edge of another face");
  // The first crossing pair is enough to name the defect: stop CGAL's search there.
  using Pair = std::pair<Mesh::Face_index, Mesh::Face_index>;
  struct Found {
    Pair pair;
  };
  try {
    PMP::self_intersections(
        mesh, boost::make_function_output_iterator([](const Pair& p) { throw Found{p}; }));
  } catch (const Found& found) {
    const std::size_t a = triangles[static_cast<std::size_t>(found.pair.first)].face;
    const std::size_t b = triangles[static_cast<std::size_t>(found.pair.second)].face;
    fail(file, "self-intersecting",
         face_name(std::min(a, b)) + " and " + face_name(std::max(a, b)) + " cross or overlap");
  }
  if (!PMP::is_outward_oriented(mesh))
    fail(file, "inward orientation", "the face normals point into the solid");
}

// ---- coplanar merge ----

// The boundary loop of a set of faces when their union is a disk: one loop, no vertex twice,
// V - E + F = 1. Starts at the smallest vertex index.
std::optional<Loop> disk_boundary(const Soup& soup, const std::vector<int>& faces) {
  std::set<DirectedEdge> directed;
  std::set<int> vertices;
  for (int f : faces) {
    const Loop& loop = soup.faces[f];
    for (std::size_t i = 0; i < loop.size(); ++i) {
      directed.insert({loop[i], loop[(i + 1) % loop.size()]});
      vertices.insert(loop[i]);
    }
  }
  std::map<int, int> next;
  std::size_t interior = 0;
  for (const auto& [u, v] : directed) {
    if (directed.count({v, u})) {
      ++interior;
      continue;
    }
    if (!next.emplace(u, v).second) return std::nullopt;  // pinched at u
  }
  if (next.empty()) return std::nullopt;
  const long euler = static_cast<long>(vertices.size()) -
                     static_cast<long>(next.size() + interior / 2) +
                     static_cast<long>(faces.size());
  if (euler != 1) return std::nullopt;
  Loop loop{next.begin()->first};
  for (std::size_t k = 0; k <= next.size(); ++k) {
    const auto it = next.find(loop.back());
    if (it == next.end()) return std::nullopt;
    if (it->second == loop.front()) break;
    loop.push_back(it->second);
  }
  if (loop.size() != next.size()) return std::nullopt;  // more than one loop
  return loop;
}

std::vector<std::vector<int>> split_patch(const Soup& soup, const std::vector<int>& patch,
                                          const std::vector<std::set<int>>& flat_neighbours) {
  std::vector<std::vector<int>> pieces;
  std::set<int> left(patch.begin(), patch.end());
  while (!left.empty()) {
    std::vector<int> piece{*left.begin()};
    left.erase(left.begin());
    for (bool grew = true; grew;) {  // at most |patch| passes: each adds a face or stops
      grew = false;
      for (auto it = left.begin(); it != left.end();) {
        const int f = *it;
        const bool touches = std::any_of(piece.begin(), piece.end(),
                                         [&](int g) { return flat_neighbours[g].count(f) > 0; });
        std::vector<int> trial = piece;
        trial.push_back(f);
        if (touches && disk_boundary(soup, trial)) {
          piece = std::move(trial);
          it = left.erase(it);
          grew = true;
        } else {
          ++it;
        }
      }
    }
    pieces.push_back(std::move(piece));
  }
  for (bool merged = true; merged && pieces.size() > 1;) {  // each merge removes a piece
    merged = false;
    for (std::size_t i = 0; i < pieces.size() && !merged; ++i)
      for (std::size_t j = i + 1; j < pieces.size() && !merged; ++j) {
        std::vector<int> trial = pieces[i];
        trial.insert(trial.end(), pieces[j].begin(), pieces[j].end());
        if (!disk_boundary(soup, trial)) continue;
        pieces[i] = std::move(trial);
        pieces.erase(pieces.begin() + static_cast<std::ptrdiff_t>(j));
        merged = true;
      }
  }
  return pieces;
}

std::vector<Loop> merge_coplanar(const Soup& soup,
                                 const std::map<DirectedEdge, std::vector<int>>& edges) {
  const std::size_t n = soup.faces.size();
  std::vector<std::array<int, 3>> triples(n);
  for (std::size_t f = 0; f < n; ++f) triples[f] = *plane_triple(soup.points, soup.faces[f]);
  std::vector<std::set<int>> flat(n);
  UnionFind patches(n);
  for (const auto& [e, faces] : edges) {
    const int f = faces.front(), g = edges.at({e.second, e.first}).front();
    if (f < g && loop_planar(soup.points, soup.faces[g], triples[f])) {
      flat[f].insert(g);
      flat[g].insert(f);
      patches.unite(f, g);
    }
  }
  std::map<int, std::vector<int>> by_root;  // faces of each patch, in file order
  for (std::size_t f = 0; f < n; ++f)
    by_root[patches.find(static_cast<int>(f))].push_back(static_cast<int>(f));
  std::vector<std::pair<int, Loop>> out;  // (first source face, loop), sorted for a stable order
  for (const auto& [root, patch] : by_root) {
    if (patch.size() == 1) {
      out.push_back({patch.front(), soup.faces[patch.front()]});
      continue;
    }
    for (const std::vector<int>& piece : split_patch(soup, patch, flat))
      out.push_back({*std::min_element(piece.begin(), piece.end()), *disk_boundary(soup, piece)});
  }
  std::sort(out.begin(), out.end());
  std::vector<Loop> loops;
  for (auto& [first, loop] : out) loops.push_back(std::move(loop));
  return loops;
}

}  // namespace

ImportedMesh import_mesh(const std::filesystem::path& file) {
  const Soup soup = read_soup(file);
  try {
    check_faces_and_vertices(file, soup);
    const auto edges = directed_edges(soup);
    check_edges(file, edges);
    check_vertex_fans(file, soup, edges);
    check_solid(file, soup, triangulate(file, soup));
    ImportedMesh out;
    for (const P3& p : soup.points) out.vertices.emplace_back(p.x(), p.y(), p.z());
    out.faces = merge_coplanar(soup, edges);
    out.source_faces = soup.faces.size();
    out.warnings = soup.warnings;
    return out;
  } catch (const MeshError& e) {
    if (soup.welded == 0) throw;
    throw MeshError(std::string(e.what()) + " (vertex numbers count the vertices after welding " +
                    std::to_string(soup.welded) + " repeated ones)");
  }
}

std::vector<std::vector<int>> merge_coplanar_faces(std::span<const Vec3> vertices,
                                                   std::span<const std::vector<int>> faces) {
  Soup soup;
  for (const Vec3& v : vertices) soup.points.emplace_back(v.x(), v.y(), v.z());
  soup.faces.assign(faces.begin(), faces.end());
  return merge_coplanar(soup, directed_edges(soup));
}

std::vector<std::size_t> nonplanar_faces(std::span<const Vec3> vertices,
                                         std::span<const std::vector<int>> faces) {
  std::vector<P3> p;
  for (const Vec3& v : vertices) p.emplace_back(v.x(), v.y(), v.z());
  std::vector<std::size_t> out;
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const auto t = plane_triple(p, faces[f]);
    if (!t || !loop_planar(p, faces[f], *t)) out.push_back(f);
  }
  return out;
}

}  // namespace touchstone

// Whole solids under translation (seed 004 §2.1, the boxes wrapping an object over a time
// interval, then §2.3's elementary tests): the earliest contact of two translating triangle meshes
// and the features that meet. Under translation every vertex moves on a straight line, so each
// vertex-face and edge-edge pair is exactly an elementary swept query; the boxes only decide which
// pairs are asked. A box over the step is the box of the feature's vertices at t = 0 and t = 1,
// which holds the feature at every t in between (straight lines), computed from the same doubles
// the elementary test sees: the culling drops no pair that test could report.
#include <algorithm>
#include <cmath>
#include <string>

#include "algorithms/swept/swept.hpp"

namespace touchstone {

std::vector<std::array<int, 2>> swept_mesh_edges(const std::vector<std::array<int, 3>>& triangles) {
  std::vector<std::array<int, 2>> edges;
  edges.reserve(3 * triangles.size());
  for (const auto& t : triangles)
    for (int k = 0; k < 3; ++k) {
      const int i = t[k], j = t[(k + 1) % 3];
      edges.push_back({std::min(i, j), std::max(i, j)});
    }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  return edges;
}

namespace {

struct Box {
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(INFINITY),
                  hi = Eigen::Vector3d::Constant(-INFINITY);
  void add(const Eigen::Vector3d& p) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  void add(const Box& b) {
    lo = lo.cwiseMin(b.lo);
    hi = hi.cwiseMax(b.hi);
  }
  bool overlaps(const Box& b) const {
    return (lo.array() <= b.hi.array()).all() && (b.lo.array() <= hi.array()).all();
  }
};

// A body's vertices at both ends of the step, its edges, and the swept box of each feature.
struct Swept {
  std::vector<Eigen::Vector3d> p0, p1;
  std::vector<std::array<int, 2>> edges;
  std::vector<Box> vertex_box, edge_box, triangle_box;
  Box all;

  explicit Swept(const SweptBody& body) : edges(swept_mesh_edges(body.triangles)) {
    for (const auto& v : body.vertices) {
      p0.push_back(v + body.start);
      p1.push_back(v + body.end);
      Box b;
      b.add(p0.back());
      b.add(p1.back());
      vertex_box.push_back(b);
      all.add(b);
    }
    for (const auto& e : edges) {
      Box b = vertex_box[e[0]];
      b.add(vertex_box[e[1]]);
      edge_box.push_back(b);
    }
    for (const auto& t : body.triangles) {
      Box b = vertex_box[t[0]];
      b.add(vertex_box[t[1]]);
      b.add(vertex_box[t[2]]);
      triangle_box.push_back(b);
    }
  }
};

}  // namespace

SweptAnswer swept_solids(const SweptSolidsQuery& query,
                         const std::function<SweptAnswer(const SweptQuery&)>& elementary,
                         const std::function<bool()>& expired) {
  const Swept a(query.a), b(query.b);
  SweptAnswer out;
  if (!a.all.overlaps(b.all)) return out;
  // One elementary query; keeps the earliest hit and its features.
  auto ask = [&](const SweptQuery& q, const std::string& features) {
    if (out.failed) return;
    if (expired && expired()) {
      out.failed = true;
      out.reason = "deadline: gave up after " + std::to_string(out.pairs_tested) + " pairs";
      return;
    }
    ++out.pairs_tested;
    const SweptAnswer r = elementary(q);
    if (r.failed && !out.failed) {
      out.failed = true;
      out.reason = features + ": " + r.reason;
    }
    if (r.collides && (!out.collides || r.toi < out.toi)) {
      out.collides = true;
      out.toi = r.toi;
      out.features = features;
    }
  };
  // Vertices of `v` against triangles of `f`.
  auto vertex_face = [&](const Swept& v, const char* vn, const Swept& f, const char* fn,
                         const SweptBody& fb) {
    for (std::size_t i = 0; i < v.p0.size(); ++i) {
      if (!v.vertex_box[i].overlaps(f.all)) continue;
      for (std::size_t j = 0; j < fb.triangles.size(); ++j) {
        if (!v.vertex_box[i].overlaps(f.triangle_box[j])) continue;
        const auto& t = fb.triangles[j];
        SweptQuery q;
        q.type = SweptType::vertex_face;
        q.points = {v.p0[i], f.p0[t[0]], f.p0[t[1]], f.p0[t[2]],
                    v.p1[i], f.p1[t[0]], f.p1[t[1]], f.p1[t[2]]};
        ask(q, std::string(vn) + ".v" + std::to_string(i) + "/" + fn + ".f" + std::to_string(j));
      }
    }
  };
  vertex_face(a, "a", b, "b", query.b);
  vertex_face(b, "b", a, "a", query.a);
  for (std::size_t i = 0; i < a.edges.size(); ++i) {
    if (!a.edge_box[i].overlaps(b.all)) continue;
    const auto& ea = a.edges[i];
    for (std::size_t j = 0; j < b.edges.size(); ++j) {
      if (!a.edge_box[i].overlaps(b.edge_box[j])) continue;
      const auto& eb = b.edges[j];
      SweptQuery q;
      q.type = SweptType::edge_edge;
      q.points = {a.p0[ea[0]], a.p0[ea[1]], b.p0[eb[0]], b.p0[eb[1]],
                  a.p1[ea[0]], a.p1[ea[1]], b.p1[eb[0]], b.p1[eb[1]]};
      ask(q, "a.e" + std::to_string(ea[0]) + "-" + std::to_string(ea[1]) + "/b.e" +
                 std::to_string(eb[0]) + "-" + std::to_string(eb[1]));
    }
  }
  return out;
}

}  // namespace touchstone

// Whole solids under translation (seed 004 §2.1, the boxes wrapping an object over a time
// interval, then §2.3's elementary tests): the earliest contact of two translating triangle meshes
// and the features that meet. Under translation every vertex moves on a straight line, so each
// vertex-face and edge-edge pair is exactly an elementary swept query; the boxes only decide which
// pairs are asked. A box over the step is the box of the feature's vertices at t = 0 and t = 1,
// which holds the feature at every t in between (straight lines), computed from the same doubles
// the elementary test sees: the culling drops no pair that test could report.
//
// With rotation (docs/swept.md) a vertex x moves on R(t) x + S + t (E − S): R(t) x stays on the
// arc from x to R(1) x (the angle 2 atan(t|a|) grows monotonically, below π), which lies within
// the sagitta |x| (1 − cos(atan|a|)) ≤ |x| |a|² / 2 of its chord, so the vertex stays within that
// distance of the parallelogram x + {S, E} ⊕ chord: the box of its four corners, widened by the
// sagitta and by a relative 1e-12 for the rounding of R(1) x. Pairs are then asked with the rigid
// motion (SweptQuery::rigid), which the elementary tests follow.
#include <algorithm>
#include <cmath>
#include <initializer_list>
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

std::array<Eigen::Vector3d, 4> swept_rigid_positions(const SweptQuery& query, double t) {
  std::array<Eigen::Vector3d, 4> out;
  const auto& m = *query.rigid;
  for (int i = 0; i < 4; ++i) {
    const int s = swept_side(query.type, i);
    out[i] = swept_rotate(m.rotation[s], t, m.local[i]) + m.start[s] + t * (m.end[s] - m.start[s]);
  }
  return out;
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
    const bool rotating = body.rotation != Eigen::Vector3d::Zero();
    const double aa = body.rotation.squaredNorm();
    for (const auto& v : body.vertices) {
      const Eigen::Vector3d turned = rotating ? swept_rotate(body.rotation, 1, v) : v;
      p0.push_back(v + body.start);
      p1.push_back(turned + body.end);
      Box b;
      b.add(p0.back());
      b.add(p1.back());
      if (rotating) {
        b.add(turned + body.start);
        b.add(v + body.end);
        const double scale = std::max({v.norm(), body.start.norm(), body.end.norm(), 1e-300});
        const Eigen::Vector3d margin =
            Eigen::Vector3d::Constant(v.norm() * aa * 0.5 * (1 + 1e-9) + 1e-12 * scale);
        b.lo -= margin;
        b.hi += margin;
      }
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
  const bool rigid =
      query.a.rotation != Eigen::Vector3d::Zero() || query.b.rotation != Eigen::Vector3d::Zero();
  // The rigid motion of a pair: vertices i0.. of body `s0` (side 0), then of body `s1`.
  auto motion = [&](SweptQuery& q, const SweptBody& s0, std::initializer_list<int> i0,
                    const SweptBody& s1, std::initializer_list<int> i1) {
    if (!rigid) return;
    SweptQuery::Rigid m;
    int n = 0;
    for (int i : i0) m.local[n++] = s0.vertices[i];
    for (int i : i1) m.local[n++] = s1.vertices[i];
    m.rotation = {s0.rotation, s1.rotation};
    m.start = {s0.start, s1.start};
    m.end = {s0.end, s1.end};
    q.rigid = m;
  };
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
  auto vertex_face = [&](const Swept& v, const char* vn, const SweptBody& vb, const Swept& f,
                         const char* fn, const SweptBody& fb) {
    for (std::size_t i = 0; i < v.p0.size(); ++i) {
      if (!v.vertex_box[i].overlaps(f.all)) continue;
      for (std::size_t j = 0; j < fb.triangles.size(); ++j) {
        if (!v.vertex_box[i].overlaps(f.triangle_box[j])) continue;
        const auto& t = fb.triangles[j];
        SweptQuery q;
        q.type = SweptType::vertex_face;
        q.points = {v.p0[i], f.p0[t[0]], f.p0[t[1]], f.p0[t[2]],
                    v.p1[i], f.p1[t[0]], f.p1[t[1]], f.p1[t[2]]};
        motion(q, vb, {static_cast<int>(i)}, fb, {t[0], t[1], t[2]});
        ask(q, std::string(vn) + ".v" + std::to_string(i) + "/" + fn + ".f" + std::to_string(j));
      }
    }
  };
  vertex_face(a, "a", query.a, b, "b", query.b);
  vertex_face(b, "b", query.b, a, "a", query.a);
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
      motion(q, query.a, {ea[0], ea[1]}, query.b, {eb[0], eb[1]});
      ask(q, "a.e" + std::to_string(ea[0]) + "-" + std::to_string(ea[1]) + "/b.e" +
                 std::to_string(eb[0]) + "-" + std::to_string(eb[1]));
    }
  }
  return out;
}

}  // namespace touchstone

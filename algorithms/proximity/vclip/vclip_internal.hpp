// Internals shared by the V-Clip sources (vclip.cpp: the query loop and cycles; vclip_states.cpp:
// the states and their transitions, seed 003 §2.2-2.3; vclip_contact.cpp: exact meeting tests,
// touching vs penetrating and the nearest points used to end a cycle; vclip_geometry.cpp:
// preprocessing, clipEdge and derivative signs). Everything is in A's local frame.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "algorithms/geometry/segments.hpp"
#include "algorithms/proximity/vclip/vclip.hpp"
#include "algorithms/proximity/vclip/vclip_exact.hpp"

namespace touchstone::vclip::detail {

struct Prepared : PreparedShape {
  bool convex = true;
  std::vector<Vec3> edge_dir;  // unit, tail → head
  // Unit vectors in the left / right face's plane, perpendicular to the edge, pointing away from
  // that face: the normals of the face-edge Voronoi planes (seed 003 §2.1).
  std::vector<Vec3> out_left, out_right;
  std::vector<std::array<int, 3>> face_triple;  // three face vertices spanning its plane
  int feature_count = 0;
  Vec3 centroid = Vec3::Zero();  // mean of the vertices: an interior point (cold start)
  // The vertex furthest along each of the 14 directions of kStartDirections (cold start).
  std::array<int, 14> extreme{};
};

// Unit directions of the cold start's precomputed extreme vertices: the 6 axes and 8 diagonals.
extern const std::array<Vec3, 14> kStartDirections;

inline int sgn(double x) { return (x > 0) - (x < 0); }

// One polytope seen in A's frame.
struct Side {
  const Polytope* poly = nullptr;
  const Prepared* prep = nullptr;
  bool moved = false;
  Mat3 rotation = Mat3::Identity();
  Vec3 translation = Vec3::Zero();

  Vec3 vertex(int v) const {
    const Vec3& p = poly->vertices()[static_cast<size_t>(v)];
    return moved ? Vec3(rotation * p + translation) : p;
  }
  Vec3 dir(const Vec3& d) const { return moved ? Vec3(rotation * d) : d; }
  const Edge& edge(int e) const { return poly->edges()[static_cast<size_t>(e)]; }
  const Face& face(int f) const { return poly->faces()[static_cast<size_t>(f)]; }
  Vec3 u(int e) const { return dir(prep->edge_dir[static_cast<size_t>(e)]); }
  // Unit direction from vertex v along its edge e.
  Vec3 u_from(int e, int v) const { return edge(e).tail == v ? u(e) : Vec3(-u(e)); }
  Vec3 normal(int f) const { return dir(face(f).plane.normal); }
  Vec3 face_point(int f) const { return vertex(face(f).vertices[0]); }
  double plane_distance(int f, const Vec3& p) const { return normal(f).dot(p - face_point(f)); }
  int plane_sign(int f, const Vec3& p) const {  // exact
    const auto& t = prep->face_triple[static_cast<size_t>(f)];
    return orient(vertex(t[0]), vertex(t[1]), vertex(t[2]), p);
  }
  // Away from face f across its edge e, in f's plane.
  Vec3 out(int f, int e) const {
    return dir(edge(e).left_face == f ? prep->out_left[static_cast<size_t>(e)]
                                      : prep->out_right[static_cast<size_t>(e)]);
  }
};

// clipEdge (seed 003 Algorithm 1) state: the part [lo, hi] of an edge inside a Voronoi region,
// and the neighbours whose planes clipped it.
struct Clip {
  double lo = 0.0, hi = 1.0;
  std::optional<Feature> n_lo, n_hi;
  bool excluded = false;
  bool simple = false;  // excluded by one plane alone: `by`
  Feature by;
};

// One Voronoi plane; dt, dh: signed distances of the edge's tail and head (>= 0 inside).
void clip_plane(Clip& c, double dt, double dh, const Feature& n);
// After clipping a sub-interval that started without neighbours: an exclusion involving only one
// plane is simple (that plane alone cuts off the whole sub-interval).
void resolve_simple(Clip& c);

// Signs of d/dλ of the distance from e(λ) = t + λ·d to a feature (seed 003 §2.3).
int dsign_vertex(const Vec3& d, const Vec3& e, const Vec3& v);
// Valid where the nearest point of the face to e lies in the face's interior or boundary, i.e.
// e inside the face's prism; q is any point of the face plane.
int dsign_face(const Vec3& d, const Vec3& e, const Vec3& n, const Vec3& q);
// Segment [a, b]: the nearest point without a division (scaled by |b − a|²).
int dsign_segment(const Vec3& d, const Vec3& e, const Vec3& a, const Vec3& b);

// Nearest points of segments [p0, p1] and [q0, q1] (clamped, parallel-safe).
std::pair<Vec3, Vec3> segment_closest(const Vec3& p0, const Vec3& p1, const Vec3& q0,
                                      const Vec3& q1);
Vec3 segment_point_closest(const Vec3& t, const Vec3& h, const Vec3& p);

// Vertex ids of a feature.
std::vector<int> feature_vertex_ids(const Polytope& p, const Feature& f);

std::unique_ptr<Prepared> prepare_shape(const Polytope& shape);
// A vertex of p maximizing d · x (p's own frame): steepest ascent on the vertex graph from
// `start`, moving only on strict improvement (on a convex polytope a vertex with no better
// neighbour is a maximizer; the walk ends because the value strictly grows).
int support_vertex(const Polytope& p, const Vec3& d, int start = 0);
// support_vertex() started from the precomputed extreme vertex whose direction is nearest d.
int cold_start_vertex(const Prepared& p, const Vec3& d);
bool valid_feature(const Polytope& p, const Feature& f);

// How a search ended.
struct Terminal {
  bool contact = false;      // the features meet (distance 0)
  bool penetrating = false;  // known penetrating without the separation test (vertex inside)
  Vec3 point_a = Vec3::Zero(), point_b = Vec3::Zero();  // A frame
};

class Search {
 public:
  Search(const Side& a, const Side& b) : side_{a, b} {}

  std::array<Feature, 2> f;

  // One state evaluation: updates f, or returns how the search ended (vclip_states.cpp).
  std::optional<Terminal> step();

  // Touching (some plane separates the shapes) or penetrating, for features that meet.
  Relation classify() const;

  Vec3 vertex_position(int s, int v) const { return side_[s].vertex(v); }

  // A vertex of the features visited since `first` that lies strictly inside the other polytope
  // (exact signs), as (vertex, face of the other polytope) in A, B order.
  std::optional<std::array<Feature, 2>> vertex_inside(
      const std::vector<std::array<Feature, 2>>& history, size_t first) const;

  // The nearest points of the current pair (used to end a cycle); contact when they meet.
  Terminal pair_closest() const;

 private:
  std::array<Side, 2> side_;

  // A point common to the two features when they meet (exact test), else nothing.
  mutable bool strict_crossing_ = false;  // set by meeting_point(): see edge_meets_face()

  std::optional<Vec3> meeting_point() const;

  // Exact tests and rounded nearest points (vclip_contact.cpp).
  static Vec3 point_face_closest(const Side& S, int fid, const Vec3& p);
  static bool in_face(const Side& S, int fid, const Vec3& p);
  static Vec3 off_plane_point(const Side& S, int fid);
  static bool edge_meets_face(const Side& S, int fid, const Vec3& t, const Vec3& h,
                              bool* strict = nullptr);
  static bool segments_meet(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1);
  static bool collinear(const Vec3& a, const Vec3& b, const Vec3& c);
  static bool overlap_on_line(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1);

  // The states (vclip_states.cpp).
  std::optional<Terminal> vertex_vertex();
  std::optional<Terminal> vertex_edge(int sv, int se);
  bool edge_edge_subtest(int sx, int so);
  std::optional<Terminal> edge_edge();
  std::optional<Terminal> vertex_face(int sv, int sf);
  std::optional<Terminal> edge_face(int se, int sf);
};

}  // namespace touchstone::vclip::detail

// Swept (continuous) collision of elementary primitives over one step (seed 004 §2.3; DESIGN
// §3.2b): a vertex against a triangle, or an edge against an edge, every vertex moving on a
// straight line from its position at t = 0 to its position at t = 1. One input and one output
// struct per query; an algorithm declares whether it promises no false negatives
// (`conservative`), and the verifier holds it to that.
#pragma once

#include <Eigen/Core>
#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/registry.hpp"

namespace touchstone {

enum class SweptType { vertex_face, edge_edge };

// "vertex-face", "edge-edge".
inline const char* swept_type_name(SweptType type) {
  return type == SweptType::vertex_face ? "vertex-face" : "edge-edge";
}

// The benchmark's vertex order (Wang et al. 2021): rows 0-3 at t = 0, rows 4-7 the same vertices
// at t = 1. Vertex-face: v, f0, f1, f2. Edge-edge: ea0, ea1, eb0, eb1.
struct SweptQuery {
  SweptType type = SweptType::vertex_face;
  std::array<Eigen::Vector3d, 8> points{};
  // Rigid motion with rotation (whole solids, docs/swept.md "Rotation over the step"): when set,
  // the trajectories are the motion's (swept_positions), and `points` are its positions at t = 0
  // and t = 1 rounded to doubles. Side 0 moves vertex 0 (vertex-face) or vertices 0-1
  // (edge-edge), side 1 the others.
  struct Rigid {
    std::array<Eigen::Vector3d, 4> local{};  // each vertex in its side's own frame
    std::array<Eigen::Vector3d, 2> rotation{}, start{}, end{};
  };
  std::optional<Rigid> rigid{};
};

// The side (0 or 1) that moves vertex i of a query of this type.
inline int swept_side(SweptType type, int i) {
  return type == SweptType::vertex_face ? (i == 0 ? 0 : 1) : (i < 2 ? 0 : 1);
}

// The rotation of x at time t (docs/swept.md): the Cayley (rational) parametrisation of the
// quaternion (1, t·a), R(t) = ((1 − t²|a|²) I + 2t [a]× + 2t² a aᵀ) / (1 + t²|a|²), a rotation
// about a by the angle 2 atan(t |a|); R(0) = I.
inline Eigen::Vector3d swept_rotate(const Eigen::Vector3d& a, double t, const Eigen::Vector3d& x) {
  const Eigen::Vector3d u = t * a;
  const double uu = u.squaredNorm();
  return ((1 - uu) * x + 2 * u.cross(x) + 2 * u.dot(x) * u) / (1 + uu);
}

struct SweptAnswer {
  bool collides = false;
  double toi = 1.0;  // time of impact in [0, 1] when collides (the earliest one the method finds)
  bool failed = false;  // the method gave up (reason says why); counted as "no answer"
  std::string reason{};
  // Whole solids: the features that meet at toi ("a.v3/b.f5", "a.e0-1/b.e4-5"; empty when the
  // method does not say) and how many feature pairs reached the elementary test.
  std::string features{};
  long pairs_tested = 0;
};

// A rigid triangle mesh moving over the step (whole solids, issue 30 item 4): its vertices in its
// own frame, its triangles (indices), its translation at t = 0 and at t = 1, and its rotation
// vector a: at time t a vertex x is at swept_rotate(a, t, x) + start + t (end − start) (a = 0:
// pure translation, each vertex on a straight line).
struct SweptBody {
  std::vector<Eigen::Vector3d> vertices{};
  std::vector<std::array<int, 3>> triangles{};
  Eigen::Vector3d start = Eigen::Vector3d::Zero(), end = Eigen::Vector3d::Zero();
  Eigen::Vector3d rotation = Eigen::Vector3d::Zero();
};
struct SweptSolidsQuery {
  SweptBody a, b;
};

// The mesh's edges (each once, lower index first, sorted) from its triangles.
std::vector<std::array<int, 2>> swept_mesh_edges(const std::vector<std::array<int, 3>>& triangles);

struct SweptAlgorithmInfo {
  static constexpr std::string_view kNoun = "swept algorithm";
  std::string name;           // command-line name, e.g. "silvia-swept"
  std::string paper;          // where it comes from
  std::string description;    // one line
  bool conservative = false;  // promises no false negatives, and a TOI never later than the exact
  std::map<std::string, double> parameters{};  // tolerances and caps, written into reports
  std::function<SweptAnswer(const SweptQuery&)> query{};  // empty: whole solids only
  // Whole solids; empty: swept_solids() with `query` on the pairs its boxes keep.
  std::function<SweptAnswer(const SweptSolidsQuery&)> solids{};
};

// Every swept algorithm the project ships: one line each in swept.cpp
// (Registry<SweptAlgorithmInfo>::builtin()).
using SweptAlgorithmRegistry = Registry<SweptAlgorithmInfo>;
void register_builtin(SweptAlgorithmRegistry& registry);

// Entry points of the algorithms (one folder each).
SweptAnswer silvia_swept(const SweptQuery& query);
SweptAnswer sampling_swept(const SweptQuery& query, int substeps);

struct IntervalParameters {
  double tolerance = 1e-7;       // width of a time interval that is not refined further
  long max_intervals = 100'000;  // cap: past it the interval at hand is reported (a hit)
};
SweptAnswer interval_swept(const SweptQuery& query, const IntervalParameters& parameters);

// Whole solids with an elementary test (seed 004 §2.1's boxes over the interval, then §2.3): the
// box of each body over the step culls the pair; then the swept box of every vertex, edge and
// triangle culls feature pairs (vertex of either body against triangle of the other, edge
// against edge), and `elementary` runs on the pairs left. The earliest hit is the answer.
// `expired`, when given, is asked before each pair: true gives up (failed, "deadline").
SweptAnswer swept_solids(const SweptSolidsQuery& query,
                         const std::function<SweptAnswer(const SweptQuery&)>& elementary,
                         const std::function<bool()>& expired = {});

// FCL 0.7's continuous collision on whole solids (algorithms/swept/fcl; built with FCL only).
enum class FclCcdSolver { naive, conservative_advancement, polynomial };
SweptAnswer fcl_swept(const SweptSolidsQuery& query, FclCcdSolver solver);

// The positions of a query with a rigid motion at time t (algorithms/swept/solids).
std::array<Eigen::Vector3d, 4> swept_rigid_positions(const SweptQuery& query, double t);

// The query at time t, each vertex on its straight line (no rigid motion).
inline std::array<Eigen::Vector3d, 4> swept_linear_positions(const SweptQuery& query, double t) {
  std::array<Eigen::Vector3d, 4> out;
  for (int i = 0; i < 4; ++i)
    out[i] = query.points[i] + t * (query.points[i + 4] - query.points[i]);
  return out;
}

// The query at time t (shared by the algorithms): each vertex on its straight line, or, for a
// rigid motion, rotated and translated.
inline std::array<Eigen::Vector3d, 4> swept_positions(const SweptQuery& query, double t) {
  if (query.rigid) [[unlikely]]
    return swept_rigid_positions(query, t);
  return swept_linear_positions(query, t);
}

}  // namespace touchstone

// The proximity contract (DESIGN §3.1): every distance / collision algorithm, ours and peers,
// answers one shape pair through this interface so the harness can run and verify them alike.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone {

enum class Relation { separated, touching, penetrating, unknown };
enum class QueryStatus { ok, failed, unsupported };
enum class FeatureKind { vertex, edge, face };

std::string_view to_string(Relation r);
std::string_view to_string(QueryStatus s);
std::string_view to_string(FeatureKind k);
std::optional<Relation> relation_from_string(std::string_view s);

struct Feature {
  FeatureKind kind = FeatureKind::vertex;
  int id = -1;  // vertex, edge or face id in the Polytope
  friend bool operator==(const Feature&, const Feature&) = default;
};

// What an algorithm promises. The verifier checks only what is declared; everything else shows
// as `unsupported` in reports, never as a pass.
struct Capabilities {
  bool distance = false;           // separation distance (and relation)
  bool witness_points = false;     // closest points on A and B in world coordinates
  bool features = false;           // closest features (vertex/edge/face ids)
  bool penetration_depth = false;  // depth and direction when penetrating
  bool nonconvex = false;          // accepts non-convex B-reps
  bool warm_start = false;         // uses the caller's warm-start state
  bool contact_regions = false;    // intersecting entity pairs / contact regions
  // Accepts points, segments and convex polygons (Polytope::dimension() < 3). Without it the
  // harness reports such a case `unsupported` for the algorithm (unsupported_input below).
  bool lower_dimensional = false;
};

// Why an algorithm with these capabilities cannot take the pair (a non-convex shape, a point,
// segment or polygon), or nullopt when it can. The one place runners ask; the reason is what
// the report's `unsupported` result says.
std::optional<std::string> unsupported_input(const Capabilities& capabilities, const Polytope& a,
                                             const Polytope& b);

struct ProximityResult {
  QueryStatus status = QueryStatus::ok;
  std::string reason;  // why it failed or is unsupported (cycling, iteration cap, ...)
  Relation relation = Relation::unknown;
  std::optional<double> distance;            // >= 0; 0 when touching or penetrating
  std::optional<Vec3> witness_a, witness_b;  // world coordinates
  std::optional<Feature> feature_a, feature_b;
  // Penetration depth: the length of the shortest translation of B that makes the pair touch,
  // and that translation's unit direction (move B by depth · direction).
  std::optional<double> penetration_depth;
  std::optional<Vec3> penetration_direction;
  int iterations = 0;
};

// Whether every number the result carries is finite (the harness fails and strips one that is
// not, so no report carries NaN).
bool all_finite(const ProximityResult& result);

// Per-shape preprocessing done once by prepare(); algorithms derive their own.
struct PreparedShape {
  virtual ~PreparedShape() = default;
  const Polytope* polytope = nullptr;  // the shape it was prepared from (owned by the caller)
};

// Coherence state carried from one query to the next (cached features, simplex). Owned by the
// caller; an algorithm creates it on the first query and updates it in place.
struct WarmStart {
  virtual ~WarmStart() = default;
};

// One query's input: the pair, where each shape is, and the coherence state.
struct ProximityQuery {
  const PreparedShape* a = nullptr;  // prepared by the same algorithm's prepare()
  const PreparedShape* b = nullptr;
  Pose pose_a, pose_b;  // local to world
  // The caller's coherence state, or null for a cold query. The algorithm creates *warm_start
  // on the first query and updates it in place.
  std::unique_ptr<WarmStart>* warm_start = nullptr;
};

class ProximityAlgorithm {
 public:
  virtual ~ProximityAlgorithm() = default;
  // The polytope must outlive the prepared shape.
  virtual std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const = 0;
  // Must not throw on degenerate geometry: report QueryStatus::failed with a reason instead.
  // Must terminate (iteration caps).
  virtual ProximityResult query(const ProximityQuery& query) const = 0;
  // The same query with its fields given in order (a shorthand for callers).
  ProximityResult query(const PreparedShape& a, const Pose& pose_a, const PreparedShape& b,
                        const Pose& pose_b, std::unique_ptr<WarmStart>* warm_start) const {
    return query(ProximityQuery{&a, &b, pose_a, pose_b, warm_start});
  }
};

}  // namespace touchstone

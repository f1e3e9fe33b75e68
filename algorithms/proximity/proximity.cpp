#include "algorithms/proximity/proximity.hpp"

namespace touchstone {

std::string_view to_string(Relation r) {
  switch (r) {
    case Relation::separated:
      return "separated";
    case Relation::touching:
      return "touching";
    case Relation::penetrating:
      return "penetrating";
    case Relation::unknown:
      return "unknown";
  }
  return "unknown";
}

std::string_view to_string(QueryStatus s) {
  switch (s) {
    case QueryStatus::ok:
      return "ok";
    case QueryStatus::failed:
      return "failed";
    case QueryStatus::unsupported:
      return "unsupported";
  }
  return "failed";
}

std::string_view to_string(FeatureKind k) {
  switch (k) {
    case FeatureKind::vertex:
      return "vertex";
    case FeatureKind::edge:
      return "edge";
    case FeatureKind::face:
      return "face";
  }
  return "vertex";
}

std::optional<std::string> unsupported_input(const Capabilities& capabilities, const Polytope& a,
                                             const Polytope& b) {
  if ((!a.is_convex() || !b.is_convex()) && !capabilities.nonconvex)
    return "non-convex input not supported";
  if ((!a.is_solid() || !b.is_solid()) && !capabilities.lower_dimensional)
    return std::string("needs solids: shape ") + (a.is_solid() ? "B" : "A") + " is a " +
           dimension_name(a.is_solid() ? b.dimension() : a.dimension());
  return std::nullopt;
}

bool all_finite(const ProximityResult& r) {
  auto ok = [](const std::optional<double>& x) { return !x || std::isfinite(*x); };
  auto okv = [](const std::optional<Vec3>& x) { return !x || x->allFinite(); };
  return ok(r.distance) && ok(r.penetration_depth) && okv(r.witness_a) && okv(r.witness_b) &&
         okv(r.penetration_direction);
}

std::optional<Relation> relation_from_string(std::string_view s) {
  for (Relation r :
       {Relation::separated, Relation::touching, Relation::penetrating, Relation::unknown})
    if (to_string(r) == s) return r;
  return std::nullopt;
}

}  // namespace touchstone

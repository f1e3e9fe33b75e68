#include "harness/regions/reference.hpp"

#include <cstdint>
#include <stdexcept>

#include "harness/common/wire.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

// The B-rep the reference sees (vertices and face loops, after building) and its pose.
void hash_solid(Fnv1a& f, const Polytope& p, const Pose& pose) {
  f.value(static_cast<std::int64_t>(p.vertices().size()));
  for (const Vec3& v : p.vertices())
    for (int i = 0; i < 3; ++i) f.value(v[i]);
  f.value(static_cast<std::int64_t>(p.faces().size()));
  for (const Face& face : p.faces()) {
    f.value(static_cast<std::int64_t>(face.vertices.size()));
    for (int v : face.vertices) f.value(static_cast<std::int64_t>(v));
  }
  for (int i = 0; i < 9; ++i) f.value(pose.rotation(i / 3, i % 3));
  for (int i = 0; i < 3; ++i) f.value(pose.translation[i]);
}

json points_json(const std::vector<Vec3>& points) {
  json out = json::array();
  for (const Vec3& p : points)
    out.push_back({wire::number(p.x()), wire::number(p.y()), wire::number(p.z())});
  return out;
}

std::vector<Vec3> points_from_json(const json& j) {
  std::vector<Vec3> out;
  for (const json& p : j)
    out.emplace_back(wire::to_number(p.at(0)), wire::to_number(p.at(1)), wire::to_number(p.at(2)));
  return out;
}

json cone_json(const NormalCone& cone) {
  json pieces = json::array();
  for (const NormalConePiece& p : cone.pieces)
    pieces.push_back({{"into_a", points_json(p.into_a)}, {"into_b", points_json(p.into_b)}});
  return pieces;
}

NormalCone cone_from_json(const json& j) {
  NormalCone cone;
  for (const json& p : j)
    cone.pieces.push_back({points_from_json(p.at("into_a")), points_from_json(p.at("into_b"))});
  return cone;
}

json patch_vec_json(const Vec3& p) {
  return {wire::number(p.x()), wire::number(p.y()), wire::number(p.z())};
}

Vec3 patch_vec_from_json(const json& j) {
  return {wire::to_number(j.at(0)), wire::to_number(j.at(1)), wire::to_number(j.at(2))};
}

const char* side_name(ExactPatchFace::Side s) {
  return s == ExactPatchFace::Side::a ? "a" : s == ExactPatchFace::Side::b ? "b" : "both";
}

json patch_json(const ExactPatch& p) {
  json faces = json::array();
  for (const ExactPatchFace& f : p.faces)
    faces.push_back({{"side", side_name(f.side)},
                     {"face_a", f.face_a},
                     {"face_b", f.face_b},
                     {"area_sq_exact", f.area_sq_exact},
                     {"area", wire::number(f.area)},
                     {"normal", patch_vec_json(f.normal)},
                     {"centroid", patch_vec_json(f.centroid)},
                     {"centroid_exact", f.centroid_exact},
                     {"perimeter", wire::number(f.perimeter)},
                     {"twin_gap", wire::number(f.twin_gap)}});
  return {{"empty", p.empty},
          {"volume_exact", p.volume_exact},
          {"volume", wire::number(p.volume)},
          {"area", wire::number(p.area)},
          {"point", patch_vec_json(p.point)},
          {"normal", patch_vec_json(p.normal)},
          {"faces", faces},
          {"vertices", points_json(p.vertices)},
          {"vertices_exact", p.vertices_exact},
          {"triples_exact", p.triples_exact},
          {"depth", p.depth ? wire::number(*p.depth) : json(nullptr)},
          {"depth_normal", p.depth_normal ? patch_vec_json(*p.depth_normal) : json(nullptr)}};
}

ExactPatch patch_from_json(const json& j) {
  ExactPatch p;
  p.empty = j.at("empty").get<bool>();
  p.volume_exact = j.at("volume_exact").get<std::string>();
  p.volume = wire::to_number(j.at("volume"));
  p.area = wire::to_number(j.at("area"));
  p.point = patch_vec_from_json(j.at("point"));
  p.normal = patch_vec_from_json(j.at("normal"));
  for (const json& f : j.at("faces")) {
    ExactPatchFace face;
    const std::string side = f.at("side").get<std::string>();
    face.side = side == "a"   ? ExactPatchFace::Side::a
                : side == "b" ? ExactPatchFace::Side::b
                              : ExactPatchFace::Side::both;
    face.face_a = f.at("face_a").get<int>();
    face.face_b = f.at("face_b").get<int>();
    face.area_sq_exact = f.at("area_sq_exact").get<std::string>();
    face.area = wire::to_number(f.at("area"));
    face.normal = patch_vec_from_json(f.at("normal"));
    face.centroid = patch_vec_from_json(f.at("centroid"));
    face.centroid_exact = f.at("centroid_exact").get<std::string>();
    face.perimeter = wire::to_number(f.at("perimeter"));
    face.twin_gap = wire::to_number(f.at("twin_gap"));
    p.faces.push_back(face);
  }
  p.vertices = points_from_json(j.at("vertices"));
  p.vertices_exact = j.at("vertices_exact").get<std::vector<std::string>>();
  if (j.contains("depth") && !j["depth"].is_null()) p.depth = wire::to_number(j["depth"]);
  if (j.contains("depth_normal") && !j["depth_normal"].is_null())
    p.depth_normal = patch_vec_from_json(j["depth_normal"]);
  p.triples_exact = j.at("triples_exact").get<std::size_t>();
  return p;
}

}  // namespace

json feature_json(const Feature& f) { return {{"kind", to_string(f.kind)}, {"id", f.id}}; }

Feature feature_from_json(const json& j) {
  const std::string kind = j.at("kind").get<std::string>();
  for (FeatureKind k : {FeatureKind::vertex, FeatureKind::edge, FeatureKind::face})
    if (to_string(k) == kind) return {k, j.at("id").get<int>()};
  throw std::runtime_error("unknown entity kind '" + kind + "'");
}

std::string region_reference_key(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                 const Pose& pose_b, double shallow_limit, bool with_patch) {
  Fnv1a f;
  // Bump when the region reference computation changes, so old cache entries are never reused.
  const char tag[] = "touchstone-region-reference/2";
  f.bytes(tag, sizeof tag);
  hash_solid(f, a, pose_a);
  hash_solid(f, b, pose_b);
  f.value(shallow_limit);
  if (with_patch) {
    const char patch_tag[] = "+patch/2";
    f.bytes(patch_tag, sizeof patch_tag);
  }
  return "regions:" + f.hex();
}

namespace {

json regions_json(const std::vector<ExactRegion>& in) {
  json regions = json::array();
  for (const ExactRegion& r : in)
    regions.push_back({{"a", feature_json(r.a)},
                       {"b", feature_json(r.b)},
                       {"dimension", r.dimension},
                       {"points", points_json(r.points)},
                       {"points_exact", r.points_exact},
                       {"sufficient", r.sufficient},
                       {"cone", cone_json(r.cone)}});
  return regions;
}

std::vector<ExactRegion> regions_from_json(const json& j) {
  std::vector<ExactRegion> out;
  for (const json& r : j)
    out.push_back({feature_from_json(r.at("a")), feature_from_json(r.at("b")),
                   r.at("dimension").get<int>(), points_from_json(r.at("points")),
                   r.at("points_exact").get<std::vector<std::string>>(),
                   r.at("sufficient").get<bool>(), cone_from_json(r.at("cone"))});
  return out;
}

}  // namespace

json exact_regions_to_json(const ExactRegions& e) {
  json j = {{"relation", to_string(e.relation)},
            {"regions", regions_json(e.regions)},
            {"pairs_tested", e.pairs_tested},
            {"method", e.method}};
  if (e.distance_sq_exact) j["distance_sq_exact"] = *e.distance_sq_exact;
  if (e.distance) j["distance"] = wire::number(*e.distance);
  if (e.closest_a) j["closest_a"] = feature_json(*e.closest_a);
  if (e.closest_b) j["closest_b"] = feature_json(*e.closest_b);
  if (e.shallow) j["shallow"] = *e.shallow;
  if (e.patch) j["patch"] = patch_json(*e.patch);
  if (e.closure)
    j["epsilon_closure"] = {{"translation", patch_vec_json(e.closure->translation)},
                            {"translation_exact", e.closure->translation_exact},
                            {"length", wire::number(e.closure->length)},
                            {"relation", to_string(e.closure->relation)},
                            {"regions", regions_json(e.closure->regions)}};
  return j;
}

ExactRegions exact_regions_from_json(const json& j) {
  ExactRegions e;
  e.relation =
      relation_from_string(j.at("relation").get<std::string>()).value_or(Relation::unknown);
  e.regions = regions_from_json(j.at("regions"));
  e.pairs_tested = j.at("pairs_tested").get<std::size_t>();
  e.method = j.at("method").get<std::string>();
  if (j.contains("distance_sq_exact"))
    e.distance_sq_exact = j["distance_sq_exact"].get<std::string>();
  if (j.contains("distance")) e.distance = wire::to_number(j["distance"]);
  if (j.contains("closest_a")) e.closest_a = feature_from_json(j["closest_a"]);
  if (j.contains("closest_b")) e.closest_b = feature_from_json(j["closest_b"]);
  if (j.contains("shallow")) e.shallow = j["shallow"].get<bool>();
  if (j.contains("patch")) e.patch = patch_from_json(j["patch"]);
  if (j.contains("epsilon_closure")) {
    const json& c = j["epsilon_closure"];
    EpsilonClosure closure;
    closure.translation = patch_vec_from_json(c.at("translation"));
    closure.translation_exact = c.at("translation_exact").get<std::string>();
    closure.length = wire::to_number(c.at("length"));
    closure.relation =
        relation_from_string(c.at("relation").get<std::string>()).value_or(Relation::unknown);
    closure.regions = regions_from_json(c.at("regions"));
    e.closure = std::move(closure);
  }
  return e;
}

AcquiredRegions acquire_region_reference(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                         const Pose& pose_b, const ExactRegionOptions& ask,
                                         ReferenceCache& cache, double timeout_seconds) {
  AcquiredRegions out;
  out.key = region_reference_key(a, pose_a, b, pose_b, ask.shallow_limit, ask.compute_patch);
  out.reference = find_reference(cache, out.key, kExactRegionsCodec);
  out.from_cache = out.reference.has_value();
  if (out.from_cache) return out;
  ComputedReference<ExactRegions> computed = compute_reference<ExactRegions>(
      cache, out.key, kExactRegionsCodec,
      [&] { return exact_regions_isolated(a, pose_a, b, pose_b, ask, timeout_seconds); });
  out.reference = std::move(computed.value);
  out.ms = computed.ms;
  out.failure = std::move(computed.failure);
  return out;
}

ExactRegions exact_regions_isolated(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                    const Pose& pose_b, const ExactRegionOptions& options,
                                    double timeout_seconds) {
  return reference_in_child<ExactRegions>(
      [&] { return exact_regions(a, pose_a, b, pose_b, options); }, kExactRegionsCodec,
      timeout_seconds, "exact region reference");
}

}  // namespace touchstone

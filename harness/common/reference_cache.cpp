#include "harness/common/reference_cache.hpp"

#include <bit>
#include <cstdint>
#include <cstdio>
#include <fstream>

namespace touchstone {
namespace {

struct Fnv {
  std::uint64_t h = 1469598103934665603ull;
  void bytes(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
  }
  void value(double x) { bytes(&x, sizeof x); }
  void value(std::int64_t x) { bytes(&x, sizeof x); }
};

void hash_shape(Fnv& f, const ShapeSpec& s, const Pose& p) {
  f.value(static_cast<std::int64_t>(s.vertices.size()));
  for (const Vec3& v : s.vertices)
    for (int i = 0; i < 3; ++i) f.value(v[i]);
  f.value(static_cast<std::int64_t>(s.faces ? s.faces->size() : -1));
  if (s.faces)
    for (const auto& face : *s.faces) {
      f.value(static_cast<std::int64_t>(face.size()));
      for (int v : face) f.value(static_cast<std::int64_t>(v));
    }
  for (int i = 0; i < 9; ++i) f.value(p.rotation(i / 3, i % 3));
  for (int i = 0; i < 3; ++i) f.value(p.translation[i]);
}

nlohmann::json vec(const Vec3& v) { return {v.x(), v.y(), v.z()}; }
Vec3 vec(const nlohmann::json& j) {
  return {j[0].get<double>(), j[1].get<double>(), j[2].get<double>()};
}

}  // namespace

std::string case_input_hash(const ProximityCase& c) {
  Fnv f;
  // Bump when the reference computation changes, so old cache entries are never reused.
  const char tag[] = "touchstone-reference/2";
  f.bytes(tag, sizeof tag);
  hash_shape(f, c.a, c.pose_a);
  hash_shape(f, c.b, c.pose_b);
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(f.h));
  return out;
}

nlohmann::json exact_to_json(const ExactProximity& e) {
  nlohmann::json j = {{"relation", to_string(e.relation)},
                      {"distance_sq_exact", e.distance_sq_exact},
                      {"distance", e.distance},
                      {"witness_a", vec(e.witness_a)},
                      {"witness_b", vec(e.witness_b)},
                      {"method", e.method}};
  if (e.depth_sq_exact) j["depth_sq_exact"] = *e.depth_sq_exact;
  if (e.depth) j["depth"] = *e.depth;
  if (e.depth_direction) j["depth_direction"] = vec(*e.depth_direction);
  return j;
}

ExactProximity exact_from_json(const nlohmann::json& j) {
  ExactProximity e;
  e.relation =
      relation_from_string(j.at("relation").get<std::string>()).value_or(Relation::unknown);
  e.distance_sq_exact = j.at("distance_sq_exact").get<std::string>();
  e.distance = j.at("distance").get<double>();
  e.witness_a = vec(j.at("witness_a"));
  e.witness_b = vec(j.at("witness_b"));
  e.method = j.value("method", std::string());
  if (j.contains("depth_sq_exact")) e.depth_sq_exact = j["depth_sq_exact"].get<std::string>();
  if (j.contains("depth")) e.depth = j["depth"].get<double>();
  if (j.contains("depth_direction")) e.depth_direction = vec(j["depth_direction"]);
  return e;
}

ReferenceCache::ReferenceCache(std::filesystem::path file) : file_(std::move(file)) {
  std::ifstream in(*file_);
  std::string line;
  while (std::getline(in, line)) {
    try {
      const auto j = nlohmann::json::parse(line);
      if (j.contains("key")) {
        json_entries_[j.at("key").get<std::string>()] = j.at("value");
        continue;
      }
      entries_[j.at("hash").get<std::string>()] = exact_from_json(j.at("reference"));
    } catch (const std::exception&) {
      // A torn last line (interrupted run) is skipped; it will be recomputed.
    }
  }
}

std::optional<ExactProximity> ReferenceCache::find(const std::string& hash) const {
  auto it = entries_.find(hash);
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

void ReferenceCache::store(const std::string& hash, const ExactProximity& e) {
  entries_[hash] = e;
  if (!file_) return;
  std::filesystem::create_directories(file_->parent_path().empty() ? "." : file_->parent_path());
  std::ofstream out(*file_, std::ios::app);
  out << nlohmann::json{{"hash", hash}, {"reference", exact_to_json(e)}}.dump() << '\n';
}

std::optional<nlohmann::json> ReferenceCache::find_json(const std::string& key) const {
  auto it = json_entries_.find(key);
  if (it == json_entries_.end()) return std::nullopt;
  return it->second;
}

void ReferenceCache::store_json(const std::string& key, const nlohmann::json& value) {
  json_entries_[key] = value;
  if (!file_) return;
  std::filesystem::create_directories(file_->parent_path().empty() ? "." : file_->parent_path());
  std::ofstream out(*file_, std::ios::app);
  out << nlohmann::json{{"key", key}, {"value", value}}.dump() << '\n';
}

}  // namespace touchstone

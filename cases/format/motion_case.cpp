// Motion case parsing and writing. The shapes, pair, poses, family and tags are those of a
// proximity case (the same shared parsers, the same error paths); this file adds the `frames` list.
#include "cases/format/motion_case.hpp"

#include <stdexcept>

#include "cases/format/fields.hpp"
#include "cases/format/load_options.hpp"

namespace touchstone {

using nlohmann::json;
using namespace fields;

ProximityCase MotionCase::frame_case(std::size_t k) const {
  ProximityCase c;
  c.id = id + "/f" + std::to_string(k);
  c.family = family;
  c.tags = tags;
  c.a = a;
  c.b = b;
  c.pose_a = frames.at(k).pose_a;
  c.pose_b = frames.at(k).pose_b;
  c.origin = origin;
  c.origin["frame"] = k;
  return c;
}

MotionCase parse_motion_case(const json& j, const std::string& file, std::size_t index) {
  if (j.contains("expected")) bad("expected", "not supported for motion cases");
  MotionCase m;
  m.id = case_id(j);
  check_keys(
      j, "",
      {"id", "kind", "family", "tags", "shapes", "pair", "poses", "frames", "contact_offset"});
  m.family = optional_string(j, "family");
  m.tags = fields::tags(j);
  ShapePair pair = shape_pair(j);
  m.a = std::move(pair.a);
  m.b = std::move(pair.b);
  m.origin = {{"file", file}, {"index", index}};
  if (j.contains("contact_offset")) m.contact_offset = vec3(j["contact_offset"], "contact_offset");
  if (!j.contains("frames") || !j["frames"].is_array() || j["frames"].empty())
    bad("frames", "missing, or not a non-empty array of {\"<shape>\": pose} objects");
  // A shape a frame does not mention keeps its pose from the previous frame (from `poses` for
  // the first frame).
  Pose pa = pair.pose_a, pb = pair.pose_b;
  const json& frames = j["frames"];
  within_limit(frames.size(), load_options().limits.steps, "steps", "frames", "frames");
  for (std::size_t k = 0; k < frames.size(); ++k) {
    const std::string ff = "frames[" + std::to_string(k) + "]";
    if (!frames[k].is_object()) bad(ff, "expected an object keyed by shape name");
    for (const auto& [key, value] : frames[k].items()) {
      if (key == m.a.name) {
        pa = pose(value, ff + "." + key);
        if (m.a.name == m.b.name) pb = pa;
      } else if (key == m.b.name) {
        pb = pose(value, ff + "." + key);
      } else {
        bad(ff + "." + key, "no such shape in pair");
      }
    }
    m.frames.push_back({pa, pb});
  }
  return m;
}

json write_motion_case_document(const std::vector<const MotionCase*>& cases) {
  json out = {{"format", "touchstone-case/1"}, {"cases", json::array()}};
  for (const MotionCase* m : cases) {
    if (m->frames.empty()) throw std::invalid_argument("motion case '" + m->id + "' has no frames");
    ProximityCase base = m->frame_case(0);
    base.id = m->id;
    json j = write_case_document({&base})["cases"][0];
    const std::string na = j["pair"][0], nb = j["pair"][1];
    const std::string owner = "motion case '" + m->id + "'";
    j["kind"] = "motion";
    j.erase("poses");
    json frames = json::array();
    for (const MotionFrame& f : m->frames)
      frames.push_back({{na, pose_json(f.pose_a, owner)}, {nb, pose_json(f.pose_b, owner)}});
    j["frames"] = frames;
    if (m->contact_offset) j["contact_offset"] = vec3_json(*m->contact_offset);
    out["cases"].push_back(j);
  }
  return out;
}

}  // namespace touchstone

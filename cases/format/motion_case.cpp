// Motion case parsing and writing. The shapes, pair, family and tags are exactly those of a
// proximity case, so they are parsed by the proximity loader (same fields, same error paths);
// this file adds the `frames` list.
#include "cases/format/motion_case.hpp"

#include <cmath>

#include "cases/format/case_loader.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

struct FrameError {
  std::string field, message;
};

[[noreturn]] void bad(const std::string& field, const std::string& message) {
  throw FrameError{field, message};
}

double number(const json& j, const std::string& field) {
  if (!j.is_number()) bad(field, "expected a number, got " + std::string(j.type_name()));
  const double x = j.get<double>();
  if (!std::isfinite(x)) bad(field, "number is not finite");
  if (std::abs(x) > 1e150) bad(field, "coordinate magnitude above 1e150 is not supported");
  return x;
}

Pose frame_pose(const json& j, const std::string& field) {
  if (!j.is_object()) bad(field, "expected an object with translation and/or rotation");
  Vec3 t = Vec3::Zero();
  std::array<double, 4> q{1, 0, 0, 0};
  for (const auto& [key, value] : j.items()) {
    if (key == "translation") {
      if (!value.is_array() || value.size() != 3) bad(field + ".translation", "expected [x, y, z]");
      for (int i = 0; i < 3; ++i)
        t[i] = number(value[i], field + ".translation[" + std::to_string(i) + "]");
    } else if (key == "rotation") {
      if (!value.is_array() || value.size() != 4)
        bad(field + ".rotation", "expected a unit quaternion [w, x, y, z]");
      for (int i = 0; i < 4; ++i)
        q[i] = number(value[i], field + ".rotation[" + std::to_string(i) + "]");
      const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
      if (std::abs(n - 1.0) > 1e-3)
        bad(field + ".rotation", "quaternion is not unit length (|q| = " + std::to_string(n) + ")");
    } else {
      bad(field + "." + key, "unknown field");
    }
  }
  return Pose::from_quaternion(q, t);
}

json pose_json(const Pose& p, const std::string& id) {
  const Vec3& t = p.translation;
  json j = {{"translation", {t.x(), t.y(), t.z()}}};
  if (p.source_quaternion) {
    j["rotation"] = *p.source_quaternion;
  } else if (p.has_rotation()) {
    throw std::invalid_argument("motion case '" + id + "': rotation has no source quaternion");
  }
  return j;
}

}  // namespace

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

bool parse_motion_case(const json& j, const std::string& file, std::size_t index,
                       std::vector<MotionCase>& out, std::vector<LoadError>& errors) {
  std::string id = std::to_string(index);
  id.insert(id.begin(), '#');
  if (j.contains("id") && j["id"].is_string()) id = j["id"].get<std::string>();
  // Everything but the frames is a proximity case: let the proximity loader parse it.
  json base = j;
  base.erase("frames");
  base["kind"] = "proximity";
  if (base.contains("expected")) {
    errors.push_back({file, id, "expected", "not supported for motion cases"});
    return false;
  }
  LoadedCases parsed =
      parse_case_document(json{{"format", "touchstone-case/1"}, {"cases", {base}}}.dump(), file);
  if (!parsed.errors.empty()) {
    for (LoadError& e : parsed.errors) errors.push_back(std::move(e));
    return false;
  }
  const ProximityCase& c = parsed.cases.front();
  MotionCase m;
  m.id = c.id;
  m.family = c.family;
  m.tags = c.tags;
  m.a = c.a;
  m.b = c.b;
  m.origin = {{"file", file}, {"index", index}};
  try {
    if (!j.contains("frames") || !j["frames"].is_array() || j["frames"].empty())
      bad("frames", "missing, or not a non-empty array of {\"<shape>\": pose} objects");
    // A shape a frame does not mention keeps its pose from the previous frame (from `poses`
    // for the first frame).
    Pose pa = c.pose_a, pb = c.pose_b;
    const json& frames = j["frames"];
    for (std::size_t k = 0; k < frames.size(); ++k) {
      const std::string ff = "frames[" + std::to_string(k) + "]";
      if (!frames[k].is_object()) bad(ff, "expected an object keyed by shape name");
      for (const auto& [key, value] : frames[k].items()) {
        if (key == m.a.name) {
          pa = frame_pose(value, ff + "." + key);
          if (m.a.name == m.b.name) pb = pa;
        } else if (key == m.b.name) {
          pb = frame_pose(value, ff + "." + key);
        } else {
          bad(ff + "." + key, "no such shape in pair");
        }
      }
      m.frames.push_back({pa, pb});
    }
  } catch (const FrameError& e) {
    errors.push_back({file, id, e.field, e.message});
    return false;
  } catch (const std::exception& e) {
    errors.push_back({file, id, "frames", e.what()});
    return false;
  }
  out.push_back(std::move(m));
  return true;
}

json write_motion_case_document(const std::vector<const MotionCase*>& cases) {
  json out = {{"format", "touchstone-case/1"}, {"cases", json::array()}};
  for (const MotionCase* m : cases) {
    if (m->frames.empty()) throw std::invalid_argument("motion case '" + m->id + "' has no frames");
    ProximityCase base = m->frame_case(0);
    base.id = m->id;
    json j = write_case_document({&base})["cases"][0];
    const std::string na = j["pair"][0], nb = j["pair"][1];
    j["kind"] = "motion";
    j.erase("poses");
    json frames = json::array();
    for (const MotionFrame& f : m->frames)
      frames.push_back({{na, pose_json(f.pose_a, m->id)}, {nb, pose_json(f.pose_b, m->id)}});
    j["frames"] = frames;
    out["cases"].push_back(j);
  }
  return out;
}

}  // namespace touchstone

// Motion cases (kind `motion`, DESIGN §6.2): one shape pair and a sequence of frames, each frame
// a pose of A and of B. The harness runs the frames in order, passing the algorithm's warm-start
// state from one frame to the next (coherence, seed 003 §2.4), and verifies every frame against
// the exact reference.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cases/format/fields.hpp"
#include "cases/format/proximity_case.hpp"

namespace touchstone {

struct MotionFrame {
  Pose pose_a, pose_b;
};

struct MotionCase {
  std::string id;
  std::string family;
  std::vector<std::string> tags;
  ShapeSpec a, b;
  std::vector<MotionFrame> frames;
  // Optional ("contact_offset": [x, y, z]): the frames hover a gap above a touching
  // configuration, as contacts do in a simulator (seed 003 §3.2: a contact lives while its
  // features are within ε); the exact contact regions of frame k are those of A moved by this
  // translation. Contact-set runs use it; proximity runs ignore it.
  std::optional<Vec3> contact_offset;
  // {"file": ..., "index": ...} or {"family": ..., "seed": ..., "index": ..., "omega_deg": ...}.
  nlohmann::json origin = nlohmann::json::object();

  // Frame k as a proximity case (id "<id>/f<k>"): what the reference and the verifier see.
  ProximityCase frame_case(std::size_t k) const;
};

// Parses one case object of kind "motion" (the document reader, case_loader.hpp, has checked that
// it is an object of that kind). Throws FieldError (cases/format/fields.hpp) naming the field.
MotionCase parse_motion_case(const nlohmann::json& j, const std::string& file, std::size_t index);

// A touchstone-case/1 document holding these motion cases; it loads back to the very same
// doubles. Throws std::invalid_argument for a pose whose rotation has no source quaternion.
nlohmann::json write_motion_case_document(const std::vector<const MotionCase*>& cases);

}  // namespace touchstone

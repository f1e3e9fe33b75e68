// Post-parse checks of a case: geometry (the Polytope the runners build), force problems
// (finite, within the size limit) and UTF-8 validity of strings from outside the JSON parser.
#include "cases/format/case_checks.hpp"

#include <cctype>
#include <optional>
#include <string_view>

#include "algorithms/geometry/polytope.hpp"
#include "cases/format/json_reader.hpp"
#include "cases/format/load_options.hpp"

namespace touchstone {
namespace {

using fields::bad;

// The length of "name[digits]" at `at` in `text`, or 0. (Hand-written rather than std::regex:
// GCC 12 reports std::regex's internals as maybe-uninitialized at -O1 in the sanitizer build.)
std::size_t indexed_name_at(std::string_view text, std::size_t at, std::string_view name) {
  if (text.substr(at, name.size()) != name) return 0;
  std::size_t i = at + name.size();
  if (i >= text.size() || text[i] != '[') return 0;
  const std::size_t digits = ++i;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  if (i == digits || i >= text.size() || text[i] != ']') return 0;
  return i + 1 - at;
}

// The leading "faces[k]" or "vertices[k]" of a geometry message, or "".
std::string leading_element(const std::string& message) {
  for (std::string_view name : {"faces", "vertices"})
    if (const std::size_t n = indexed_name_at(message, 0, name)) return message.substr(0, n);
  return "";
}

// Every "faces[k]" written as "face k of their convex hull".
std::string as_hull_faces(const std::string& message) {
  std::string out;
  for (std::size_t i = 0; i < message.size();) {
    if (const std::size_t n = indexed_name_at(message, i, "faces")) {
      out += "face " + message.substr(i + 6, n - 7) + " of their convex hull";
      i += n;
    } else {
      out += message[i++];
    }
  }
  return out;
}

// "[i]" (appended piecewise: GCC 12 warns, wrongly, with -Wrestrict on "[" + ... + "]" here).
std::string bracket(Eigen::Index i) {
  std::string s(1, '[');
  s += std::to_string(i);
  s += ']';
  return s;
}

// The first entry of `m` that is not finite, as "[i][j]" ("[i]" for a vector), and its row.
template <class M>
std::optional<std::pair<std::string, Eigen::Index>> non_finite(const M& m) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j)
      if (!std::isfinite(m(i, j))) {
        std::string at = bracket(i);
        if (!M::IsVectorAtCompileTime) at += bracket(j);
        return std::pair{at, i};
      }
  return std::nullopt;
}

void make_valid_utf8(nlohmann::json& j) {
  if (j.is_string()) {
    j = valid_utf8(j.get<std::string>());
  } else if (j.is_structured()) {
    for (auto& value : j) make_valid_utf8(value);  // origins are flat objects built here
  }
}

void make_valid_utf8(std::string& s) { s = valid_utf8(s); }

void make_valid_utf8(LoadError& e) {
  for (std::string* s : {&e.file, &e.case_id, &e.field, &e.message}) make_valid_utf8(*s);
}

}  // namespace

void check_shape_geometry(const ShapeSpec& s, const std::string& field, ShapeKinds kinds) {
  try {
    if (s.faces) {
      (void)Polytope::from_faces(s.vertices, *s.faces);
      return;
    }
    const Polytope p = Polytope::from_points(s.vertices);
    if (kinds == ShapeKinds::solids && !p.is_solid())
      bad(field + ".vertices", std::string("the points span a ") + dimension_name(p.dimension()) +
                                   " (dimension " + std::to_string(p.dimension()) +
                                   "): this kind of case needs solids");
  } catch (const GeometryError& e) {
    std::string message = e.what();
    if (!s.mesh.empty()) bad(field + ".mesh", s.mesh + ": " + message);
    const std::string element = leading_element(message);
    if (s.faces) bad(field + (element.empty() ? ".faces" : "." + element), message);
    // A hull's faces are not the shape's: name them as faces of the hull of `vertices`.
    bad(field + ".vertices", as_hull_faces(message));
  }
}

void check_force_problem(const ForceCase& c) {
  const forces::ContactProblem& p = c.problem;
  const bool multibody = c.system.has_value();
  fields::within_limit(static_cast<std::size_t>(p.size()), fields::load_options().limits.matrix,
                       "matrix", "rows", multibody ? "contacts" : "b");
  const std::string why =
      " overflows a double (magnitudes of masses, inertias, velocities, "
      "forces or lever arms out of range)";
  const auto check = [&](const auto& m, const char* name, int rows_per_contact) {
    const auto at = non_finite(m);
    if (!at) return;
    if (!multibody) bad(name + at->first, "not finite");
    bad(rows_per_contact > 0 ? "contacts" + bracket(at->second / rows_per_contact) : "bodies",
        std::string("the assembled ") + name + at->first + why);
  };
  check(p.A, "A", 1);
  check(p.b, "b", 1);
  if (p.A_full) check(*p.A_full, "A_full", 3);
  if (p.b_full) check(*p.b_full, "b_full", 3);
  if (p.gap) check(*p.gap, "gap", 1);
  if (p.normal_velocity) check(*p.normal_velocity, "normal_velocity", 1);
  if (p.body_map) check(*p.body_map, "body_map", 0);
  if (p.body_offset) check(*p.body_offset, "body_offset", 0);
}

void make_valid_utf8(LoadedCases& loaded) {
  for (LoadError& e : loaded.errors) make_valid_utf8(e);
  for (LoadError& e : loaded.warnings) make_valid_utf8(e);
  const auto each = [](auto& cases, auto&& also) {
    for (auto& c : cases) {
      make_valid_utf8(c.id);
      make_valid_utf8(c.origin);
      also(c);
    }
  };
  const auto shapes = [](auto& c) {
    make_valid_utf8(c.a.mesh);
    make_valid_utf8(c.b.mesh);
  };
  each(loaded.proximity, shapes);
  each(loaded.motion, shapes);
  each(loaded.regions, shapes);
  each(loaded.forces, [](ForceCase&) {});
}

}  // namespace touchstone

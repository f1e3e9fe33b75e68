// Loader for contact-force cases: touchstone-case/1 (`contact-forces`, `lcp`), Siconos LCP text
// files and FCLib HDF5 problems. Every error names the file, the case and the field.
#include "cases/format/force_case.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#ifdef TOUCHSTONE_HAVE_FCLIB
extern "C" {  // fclib.h declares C functions without a C++ guard
#include <fclib.h>
}
#endif

namespace touchstone {
namespace {

using dynamics::Mat3;
using dynamics::Vec3;
using nlohmann::json;

struct FieldError {
  std::string field;
  std::string message;
};

[[noreturn]] void bad(const std::string& field, const std::string& message) {
  throw FieldError{field, message};
}

double number(const json& j, const std::string& field) {
  if (!j.is_number()) bad(field, "expected a number, got " + std::string(j.type_name()));
  const double x = j.get<double>();
  if (!std::isfinite(x)) bad(field, "number is not finite");
  return x;
}

Eigen::VectorXd vector(const json& j, const std::string& field,
                       std::optional<std::size_t> size = std::nullopt) {
  if (!j.is_array()) bad(field, "expected an array of numbers");
  if (size && j.size() != *size)
    bad(field, "expected " + std::to_string(*size) + " numbers, got " + std::to_string(j.size()));
  Eigen::VectorXd v(j.size());
  for (std::size_t i = 0; i < j.size(); ++i)
    v[i] = number(j[i], field + "[" + std::to_string(i) + "]");
  return v;
}

Vec3 vec3(const json& j, const std::string& field) { return vector(j, field, 3); }

Eigen::MatrixXd matrix(const json& j, const std::string& field, std::size_t rows,
                       std::size_t cols) {
  if (!j.is_array() || j.size() != rows) bad(field, "expected " + std::to_string(rows) + " rows");
  Eigen::MatrixXd m(rows, cols);
  for (std::size_t i = 0; i < rows; ++i)
    m.row(i) = vector(j[i], field + "[" + std::to_string(i) + "]", cols).transpose();
  return m;
}

void check_keys(const json& j, const std::string& field, std::initializer_list<const char*> keys) {
  for (const auto& [key, _] : j.items())
    if (std::find_if(keys.begin(), keys.end(), [&](const char* k) { return key == k; }) ==
        keys.end())
      bad(field.empty() ? key : field + "." + key, "unknown field");
}

dynamics::RigidBody body(const json& j, const std::string& field) {
  if (!j.is_object()) bad(field, "expected an object");
  check_keys(j, field,
             {"name", "fixed", "mass", "inertia", "position", "rotation", "orientation", "velocity",
              "angular_velocity", "force", "torque"});
  dynamics::RigidBody b;
  if (!j.contains("name") || !j["name"].is_string())
    bad(field + ".name", "missing or not a string");
  b.name = j["name"].get<std::string>();
  if (j.contains("fixed")) {
    if (!j["fixed"].is_boolean()) bad(field + ".fixed", "expected true or false");
    b.fixed = j["fixed"].get<bool>();
  }
  if (!b.fixed && !j.contains("mass")) bad(field + ".mass", "missing (required unless fixed)");
  if (j.contains("mass")) b.mass = number(j["mass"], field + ".mass");
  if (j.contains("inertia")) {
    const json& in = j["inertia"];
    if (in.is_array() && in.size() == 3 && in[0].is_number())
      b.inertia = vec3(in, field + ".inertia").asDiagonal();
    else
      b.inertia = matrix(in, field + ".inertia", 3, 3);
  }
  if (j.contains("position")) b.position = vec3(j["position"], field + ".position");
  if (j.contains("rotation") && j.contains("orientation"))
    bad(field + ".rotation", "give either rotation (quaternion) or orientation (matrix)");
  if (j.contains("rotation")) {
    const Eigen::VectorXd q = vector(j["rotation"], field + ".rotation", 4);
    if (std::abs(q.norm() - 1.0) > 1e-3) bad(field + ".rotation", "quaternion is not unit length");
    b.orientation = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
  }
  if (j.contains("orientation"))
    b.orientation = matrix(j["orientation"], field + ".orientation", 3, 3);
  if (j.contains("velocity")) b.velocity = vec3(j["velocity"], field + ".velocity");
  if (j.contains("angular_velocity"))
    b.angular_velocity = vec3(j["angular_velocity"], field + ".angular_velocity");
  if (j.contains("force")) b.force = vec3(j["force"], field + ".force");
  if (j.contains("torque")) b.torque = vec3(j["torque"], field + ".torque");
  return b;
}

ForceExpectation expectation(const json& e, int n) {
  ForceExpectation out;
  if (!e.is_object()) bad("expected", "expected an object");
  check_keys(e, "expected", {"feasible", "acceleration", "normal_force", "min_norm_force"});
  if (e.contains("feasible")) {
    if (!e["feasible"].is_boolean()) bad("expected.feasible", "expected true or false");
    out.feasible = e["feasible"].get<bool>();
  }
  const std::size_t size = static_cast<std::size_t>(n);
  if (e.contains("acceleration"))
    out.acceleration = vector(e["acceleration"], "expected.acceleration", size);
  if (e.contains("normal_force"))
    out.normal_force = vector(e["normal_force"], "expected.normal_force", size);
  if (e.contains("min_norm_force"))
    out.min_norm_force = vector(e["min_norm_force"], "expected.min_norm_force", size);
  return out;
}

ForceCase parse_force_case(const json& j, const std::string& file, std::size_t index) {
  ForceCase c;
  if (!j.contains("id") || !j["id"].is_string() || j["id"].get<std::string>().empty())
    bad("id", "missing or not a non-empty string");
  c.id = j["id"].get<std::string>();
  c.kind = j["kind"].get<std::string>();
  if (j.contains("family")) {
    if (!j["family"].is_string()) bad("family", "expected a string");
    c.family = j["family"].get<std::string>();
  }
  if (j.contains("description")) {
    if (!j["description"].is_string()) bad("description", "expected a string");
    c.description = j["description"].get<std::string>();
  }
  if (j.contains("tags")) {
    if (!j["tags"].is_array()) bad("tags", "expected an array of strings");
    for (const auto& t : j["tags"]) {
      if (!t.is_string()) bad("tags", "expected an array of strings");
      c.tags.push_back(t.get<std::string>());
    }
  }
  if (c.kind == "lcp") {
    check_keys(j, "", {"id", "kind", "family", "description", "tags", "A", "b", "expected"});
    if (!j.contains("b")) bad("b", "missing");
    c.problem.b = vector(j["b"], "b");
    const std::size_t n = c.problem.b.size();
    if (n == 0) bad("b", "empty problem");
    if (!j.contains("A")) bad("A", "missing");
    c.problem.A = matrix(j["A"], "A", n, n);
  } else {
    check_keys(j, "",
               {"id", "kind", "family", "description", "tags", "gravity", "time_step", "bodies",
                "contacts", "expected"});
    dynamics::MultibodySystem s;
    if (j.contains("gravity")) s.gravity = vec3(j["gravity"], "gravity");
    if (j.contains("time_step")) s.time_step = number(j["time_step"], "time_step");
    if (!j.contains("bodies") || !j["bodies"].is_array()) bad("bodies", "missing or not an array");
    std::map<std::string, int> names;
    for (std::size_t i = 0; i < j["bodies"].size(); ++i) {
      const std::string field = "bodies[" + std::to_string(i) + "]";
      s.bodies.push_back(body(j["bodies"][i], field));
      if (!names.emplace(s.bodies.back().name, static_cast<int>(i)).second)
        bad(field + ".name", "duplicate body name '" + s.bodies.back().name + "'");
    }
    if (!j.contains("contacts") || !j["contacts"].is_array() || j["contacts"].empty())
      bad("contacts", "missing, empty or not an array");
    for (std::size_t i = 0; i < j["contacts"].size(); ++i) {
      const std::string field = "contacts[" + std::to_string(i) + "]";
      const json& cj = j["contacts"][i];
      if (!cj.is_object()) bad(field, "expected an object");
      check_keys(cj, field, {"bodies", "point", "normal", "gap", "friction"});
      dynamics::Contact contact;
      if (!cj.contains("bodies") || !cj["bodies"].is_array() || cj["bodies"].size() != 2)
        bad(field + ".bodies", "expected two body names [A, B] (normal points from B to A)");
      for (int k = 0; k < 2; ++k) {
        const json& name = cj["bodies"][k];
        const std::string bf = field + ".bodies[" + std::to_string(k) + "]";
        if (!name.is_string() || !names.count(name.get<std::string>()))
          bad(bf, "not the name of a body");
        (k == 0 ? contact.body_a : contact.body_b) = names[name.get<std::string>()];
      }
      if (!cj.contains("point")) bad(field + ".point", "missing");
      contact.point = vec3(cj["point"], field + ".point");
      if (!cj.contains("normal")) bad(field + ".normal", "missing");
      contact.normal = vec3(cj["normal"], field + ".normal");
      if (std::abs(contact.normal.norm() - 1.0) > 1e-9)
        bad(field + ".normal", "must be a unit vector");
      if (cj.contains("gap")) contact.gap = number(cj["gap"], field + ".gap");
      if (cj.contains("friction")) contact.friction = number(cj["friction"], field + ".friction");
      s.contacts.push_back(contact);
    }
    try {
      c.problem = dynamics::assemble(s);
    } catch (const std::invalid_argument& e) {
      // dynamics names the field itself ("bodies[1] (block).mass: ...").
      const std::string what = e.what();
      const auto colon = what.find(": ");
      bad(what.substr(0, colon), colon == std::string::npos ? what : what.substr(colon + 2));
    }
    c.system = std::move(s);
  }
  if (j.contains("expected")) c.expected = expectation(j["expected"], c.problem.size());
  c.origin = {{"file", file}, {"index", index}};
  return c;
}

json vec_json(const Eigen::VectorXd& v) {
  return std::vector<double>(v.data(), v.data() + v.size());
}
json vec_json(const Vec3& v) { return {v.x(), v.y(), v.z()}; }
json mat_json(const Eigen::MatrixXd& m) {
  json rows = json::array();
  for (int i = 0; i < m.rows(); ++i)
    rows.push_back(vec_json(Eigen::VectorXd(m.row(i).transpose())));
  return rows;
}

void read_file(const std::filesystem::path& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
}

}  // namespace

bool is_force_case_kind(const std::string& kind) {
  return kind == "contact-forces" || kind == "lcp";
}

LoadedForceCases parse_force_case_document(const std::string& text, const std::string& file) {
  LoadedForceCases out;
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    out.errors.push_back({file, "", "", std::string("malformed JSON: ") + e.what()});
    return out;
  }
  if (!doc.is_object() || doc.value("format", std::string()) != "touchstone-case/1") {
    out.errors.push_back({file, "", "format", "expected \"format\": \"touchstone-case/1\""});
    return out;
  }
  if (!doc.contains("cases") || !doc["cases"].is_array()) {
    out.errors.push_back({file, "", "cases", "missing or not an array"});
    return out;
  }
  std::set<std::string> ids;
  for (std::size_t i = 0; i < doc["cases"].size(); ++i) {
    const json& j = doc["cases"][i];
    if (!j.is_object() || !j.contains("kind") || !j["kind"].is_string() ||
        !is_force_case_kind(j["kind"].get<std::string>()))
      continue;
    const std::string id = j.contains("id") && j["id"].is_string() ? j["id"].get<std::string>()
                                                                   : "#" + std::to_string(i);
    try {
      ForceCase c = parse_force_case(j, file, i);
      if (!ids.insert(c.id).second) bad("id", "duplicate case id in this file");
      out.cases.push_back(std::move(c));
    } catch (const FieldError& e) {
      out.errors.push_back({file, id, e.field, e.message});
    } catch (const std::exception& e) {
      out.errors.push_back({file, id, "", e.what()});
    }
  }
  return out;
}

LoadedForceCases parse_siconos_lcp(const std::string& text, const std::string& file) {
  LoadedForceCases out;
  const std::string stem = std::filesystem::path(file).stem().string();
  std::istringstream in(text);
  auto next = [&](const std::string& field) {
    double x;
    if (!(in >> x)) bad(field, "missing or not a number");
    if (!std::isfinite(x)) bad(field, "not finite");
    return x;
  };
  try {
    const double n_d = next("n");
    if (n_d < 1 || n_d != std::floor(n_d) || n_d > 100000) bad("n", "not a positive size");
    const int n = static_cast<int>(n_d);
    const double storage = next("storage");
    if (storage != 0)
      bad("storage", "storage flag " + std::to_string(static_cast<int>(storage)) +
                         " (sparse block) is not supported; only dense (0)");
    const double rows = next("rows"), cols = next("cols");
    const double rows2 = next("rows"), cols2 = next("cols");
    if (rows != n || cols != n || rows2 != n || cols2 != n)
      bad("dimensions", "matrix dimensions do not match n = " + std::to_string(n));
    ForceCase c;
    c.id = "siconos-lcp/" + stem;
    c.kind = "lcp";
    c.family = "siconos-lcp";
    c.problem.A.resize(n, n);
    c.problem.b.resize(n);
    // Each text line holds a column of M: Siconos' own reader fills its column-major array in file
    // order (read as rows, Murty's example becomes lower-triangular and Lemke needs 2 pivots
    // instead of 2^n).
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        c.problem.A(i, j) = next("M[" + std::to_string(i) + "][" + std::to_string(j) + "]");
    for (int i = 0; i < n; ++i) c.problem.b[i] = next("q[" + std::to_string(i) + "]");
    std::string remark, line;
    std::getline(in, line);
    while (std::getline(in, line))
      if (!line.empty()) remark += (remark.empty() ? "" : " ") + line;
    c.description = remark;
    c.origin = {{"file", file}, {"format", "siconos-lcp"}};
    out.cases.push_back(std::move(c));
  } catch (const FieldError& e) {
    out.errors.push_back({file, "siconos-lcp/" + stem, e.field, e.message});
  }
  return out;
}

bool fclib_available() {
#ifdef TOUCHSTONE_HAVE_FCLIB
  return true;
#else
  return false;
#endif
}

LoadedForceCases load_fclib_normal_lcp(const std::filesystem::path& file) {
  LoadedForceCases out;
  const std::string id = "fclib-normal/" + file.stem().string();
#ifdef TOUCHSTONE_HAVE_FCLIB
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) {
    out.errors.push_back({file.string(), id, "", "cannot open file"});
    return out;
  }
  fclib_local* p = fclib_read_local(file.c_str());
  if (p == nullptr || p->W == nullptr || p->q == nullptr) {
    if (p) {
      fclib_delete_local(p);
      std::free(p);
    }
    out.errors.push_back({file.string(), id, "/fclib_local",
                          "no local problem (W, q) in this file (global problems are not read)"});
    return out;
  }
  const fclib_matrix& W = *p->W;
  const int d = p->spacedim;
  try {
    if (d != 2 && d != 3) bad("/fclib_local/spacedim", "expected 2 or 3");
    if (W.m != W.n || W.m % d != 0)
      bad("/fclib_local/W", "not square or not a multiple of spacedim");
    Eigen::MatrixXd full = Eigen::MatrixXd::Zero(W.m, W.n);
    if (W.nz == -1) {  // compressed columns
      for (int col = 0; col < W.n; ++col)
        for (int k = W.p[col]; k < W.p[col + 1]; ++k) full(W.i[k], col) += W.x[k];
    } else if (W.nz == -2) {  // compressed rows
      for (int row = 0; row < W.m; ++row)
        for (int k = W.p[row]; k < W.p[row + 1]; ++k) full(row, W.i[k]) += W.x[k];
    } else {  // triplets
      for (int k = 0; k < W.nz; ++k) full(W.p[k], W.i[k]) += W.x[k];
    }
    const int n = W.m / d;
    ForceCase c;
    c.id = id;
    c.kind = "lcp";
    c.family = "fclib-normal";
    c.problem.A.resize(n, n);
    c.problem.b.resize(n);
    for (int i = 0; i < n; ++i) {
      c.problem.b[i] = p->q[d * i];
      for (int j = 0; j < n; ++j) c.problem.A(i, j) = full(d * i, d * j);
    }
    if (!c.problem.A.allFinite() || !c.problem.b.allFinite()) bad("/fclib_local/W", "not finite");
    c.description = "normal rows/columns of the FCLib local problem (" + std::to_string(n) +
                    " contacts, spacedim " + std::to_string(d) + "); friction dropped";
    c.origin = {{"file", file.string()}, {"format", "fclib-local"}};
    out.cases.push_back(std::move(c));
  } catch (const FieldError& e) {
    out.errors.push_back({file.string(), id, e.field, e.message});
  }
  fclib_delete_local(p);
  std::free(p);  // fclib_delete_local frees the members, not the struct (found by ASan)
#else
  out.errors.push_back({file.string(), id, "", "built without fclib (libfclib-dev)"});
#endif
  return out;
}

LoadedForceCases load_force_cases(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  LoadedForceCases out;
  auto wanted = [](const fs::path& p) {
    const auto e = p.extension();
    return e == ".json" || e == ".dat" || e == ".hdf5";
  };
  std::vector<fs::path> files;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    for (const auto& entry : fs::recursive_directory_iterator(path, ec))
      if (entry.is_regular_file() && wanted(entry.path())) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
  } else {
    files.push_back(path);
  }
  for (const fs::path& f : files) {
    LoadedForceCases part;
    if (f.extension() == ".hdf5") {
      part = load_fclib_normal_lcp(f);
    } else {
      std::ifstream probe(f);
      if (!probe) {
        out.errors.push_back({f.string(), "", "", "cannot open file"});
        continue;
      }
      std::string text;
      read_file(f, text);
      part = f.extension() == ".dat" ? parse_siconos_lcp(text, f.string())
                                     : parse_force_case_document(text, f.string());
    }
    for (auto& c : part.cases) out.cases.push_back(std::move(c));
    for (auto& e : part.errors) out.errors.push_back(std::move(e));
  }
  return out;
}

json write_force_case_document(const std::vector<const ForceCase*>& cases) {
  json out = {{"format", "touchstone-case/1"}, {"cases", json::array()}};
  for (const ForceCase* c : cases) {
    json j = {{"id", c->id}, {"kind", c->kind}, {"family", c->family}, {"tags", c->tags}};
    if (!c->description.empty()) j["description"] = c->description;
    if (c->system) {
      const auto& s = *c->system;
      j["gravity"] = vec_json(s.gravity);
      j["time_step"] = s.time_step;
      json bodies = json::array();
      for (const auto& b : s.bodies) {
        json bj = {{"name", b.name}, {"fixed", b.fixed}};
        if (!b.fixed) {
          bj["mass"] = b.mass;
          bj["inertia"] = mat_json(b.inertia);
          bj["orientation"] = mat_json(b.orientation);
          bj["velocity"] = vec_json(b.velocity);
          bj["angular_velocity"] = vec_json(b.angular_velocity);
          bj["force"] = vec_json(b.force);
          bj["torque"] = vec_json(b.torque);
        }
        bj["position"] = vec_json(b.position);
        bodies.push_back(bj);
      }
      j["bodies"] = bodies;
      json contacts = json::array();
      for (const auto& k : s.contacts) {
        json kj = {{"bodies", {s.bodies[k.body_a].name, s.bodies[k.body_b].name}},
                   {"point", vec_json(k.point)},
                   {"normal", vec_json(k.normal)},
                   {"gap", k.gap}};
        if (k.friction) kj["friction"] = *k.friction;
        contacts.push_back(kj);
      }
      j["contacts"] = contacts;
    } else {
      j["A"] = mat_json(c->problem.A);
      j["b"] = vec_json(c->problem.b);
    }
    json e = json::object();
    if (c->expected.feasible) e["feasible"] = *c->expected.feasible;
    if (c->expected.acceleration) e["acceleration"] = vec_json(*c->expected.acceleration);
    if (c->expected.normal_force) e["normal_force"] = vec_json(*c->expected.normal_force);
    if (c->expected.min_norm_force) e["min_norm_force"] = vec_json(*c->expected.min_norm_force);
    if (!e.empty()) j["expected"] = e;
    out["cases"].push_back(j);
  }
  return out;
}

}  // namespace touchstone

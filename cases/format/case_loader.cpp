// The case reader: the document header is checked once, then each case is parsed on its own by
// the parser of its kind, so one bad case cannot take the file down; every error carries the path
// of the field that caused it.
#include "cases/format/case_loader.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace touchstone {
namespace {

using nlohmann::json;

// The case's kind ("proximity" when absent); an unknown kind is an error on the `kind` field,
// reported after a missing id.
std::string case_kind(const json& j) {
  if (!j.contains("kind")) return "proximity";
  const json& kind = j["kind"];
  const std::string name = kind.is_string() ? kind.get<std::string>() : kind.dump();
  if (name == "proximity" || name == "motion" || name == "contact-forces" || name == "lcp" ||
      name == "contact-regions")
    return name;
  fields::case_id(j);
  fields::bad("kind", "unknown kind '" + name +
                          "' (known: proximity, motion, contact-forces, lcp, contact-regions)");
}

// Parses case `index` of a document into its kind's list of `out`.
void parse_case(const json& j, const std::string& file, std::size_t index, LoadedCases& out,
                std::set<std::string>& ids) {
  auto claim = [&](const std::string& id) {
    if (!ids.insert(id).second) fields::bad("id", "duplicate case id in this file");
  };
  if (!j.is_object()) fields::bad("", "a case must be an object");
  const std::string kind = case_kind(j);
  if (kind == "proximity") {
    ProximityCase c = parse_proximity_case(j, file, index);
    claim(c.id);
    out.cases.push_back(std::move(c));
  } else if (kind == "motion") {
    MotionCase m = parse_motion_case(j, file, index);
    claim(m.id);
    out.motion.push_back(std::move(m));
  } else if (kind == "contact-regions") {
    RegionCase r = parse_region_case(j, file, index);
    claim(r.id);
    out.regions.push_back(std::move(r));
  } else {
    ForceCase f = parse_force_case(j, file, index);
    claim(f.id);
    out.forces.push_back(std::move(f));
  }
}

void append(LoadedCases& out, LoadedCases&& part) {
  for (auto& c : part.cases) out.cases.push_back(std::move(c));
  for (auto& e : part.errors) out.errors.push_back(std::move(e));
  for (auto& m : part.motion) out.motion.push_back(std::move(m));
  for (auto& f : part.forces) out.forces.push_back(std::move(f));
  for (auto& r : part.regions) out.regions.push_back(std::move(r));
}

}  // namespace

LoadedCases parse_case_document(const std::string& text, const std::string& file) {
  LoadedCases out;
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
    std::string id = std::to_string(i);
    id.insert(id.begin(), '#');  // not "#" + ...: GCC 12 warns (-Wrestrict) on that, wrongly
    if (j.is_object() && j.contains("id") && j["id"].is_string()) id = j["id"].get<std::string>();
    try {
      parse_case(j, file, i, out, ids);
    } catch (const FieldError& e) {
      out.errors.push_back({file, id, e.field, e.message});
    } catch (const std::exception& e) {
      out.errors.push_back({file, id, "", e.what()});
    }
  }
  return out;
}

LoadedCases load_cases(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  auto wanted = [](const fs::path& p) {
    const auto e = p.extension();
    return e == ".json" || e == ".dat" || e == ".hdf5";
  };
  LoadedCases out;
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
    if (f.extension() == ".hdf5") {
      append(out, load_fclib_normal_lcp(f));
      continue;
    }
    std::ifstream in(f, std::ios::binary);
    if (!in) {
      out.errors.push_back({f.string(), "", "", "cannot open file"});
      continue;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    append(out, f.extension() == ".dat" ? parse_siconos_lcp(buffer.str(), f.string())
                                        : parse_case_document(buffer.str(), f.string()));
  }
  return out;
}

}  // namespace touchstone

// The case reader: the document is read by the bounded JSON reader (json_reader.hpp), its header
// checked once, then each case is parsed on its own by the parser of its kind and checked
// (case_checks.hpp), so one bad case cannot take the file down; every error carries the path of
// the field that caused it.
#include "cases/format/case_loader.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "cases/format/case_checks.hpp"
#include "cases/format/json_reader.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

// The case's kind ("proximity" when absent); a kind that is not a known name is an error on the
// `kind` field, reported after a missing id.
std::string case_kind(const json& j) {
  if (!j.contains("kind")) return "proximity";
  const json& kind = j["kind"];
  const std::string known =
      "(known: proximity, motion, contact-forces, lcp, contact-regions, swept)";
  if (!kind.is_string()) {
    fields::case_id(j);
    fields::bad("kind", "expected a string, got " + std::string(kind.type_name()) + " " + known);
  }
  const std::string name = kind.get<std::string>();
  if (name == "proximity" || name == "motion" || name == "contact-forces" || name == "lcp" ||
      name == "contact-regions" || name == "swept")
    return name;
  fields::case_id(j);
  fields::bad("kind", "unknown kind '" + name + "' " + known);
}

// The two shapes of a pair, checked as the runners will build them (once when both are one).
template <class Case>
void check_pair(const Case& c, ShapeKinds kinds) {
  check_shape_geometry(c.a, "shapes." + c.a.name, kinds);
  if (c.b.name != c.a.name) check_shape_geometry(c.b, "shapes." + c.b.name, kinds);
}

// Parses and checks case `index` of a document into its kind's list of `out`.
void parse_case(const json& j, const std::string& file, std::size_t index, LoadedCases& out,
                std::set<std::string>& ids) {
  auto claim = [&](const std::string& id) {
    if (!ids.insert(id).second) fields::bad("id", "duplicate case id in this file");
  };
  if (!j.is_object()) fields::bad("", "a case must be an object");
  const std::string kind = case_kind(j);
  if (kind == "proximity") {
    ProximityCase c = parse_proximity_case(j, file, index);
    check_pair(c, ShapeKinds::any_dimension);
    claim(c.id);
    out.proximity.push_back(std::move(c));
  } else if (kind == "motion") {
    MotionCase m = parse_motion_case(j, file, index);
    check_pair(m, ShapeKinds::any_dimension);
    claim(m.id);
    out.motion.push_back(std::move(m));
  } else if (kind == "swept") {
    SweptCase w = parse_swept_case(j, file, index);
    claim(w.id);
    out.swept.push_back(std::move(w));
  } else if (kind == "contact-regions") {
    RegionCase r = parse_region_case(j, file, index);
    check_pair(r, ShapeKinds::solids);
    claim(r.id);
    out.regions.push_back(std::move(r));
  } else {
    ForceCase f = parse_force_case(j, file, index);
    check_force_problem(f);
    claim(f.id);
    out.forces.push_back(std::move(f));
  }
}

// The document's header: an object with "format": "touchstone-case/1" and a `cases` array.
void check_header(const json& doc) {
  const std::string format = "\"touchstone-case/1\"";
  if (!doc.is_object())
    fields::bad("", "expected a JSON object with \"format\": " + format + ", got " +
                        std::string(doc.type_name()));
  if (!doc.contains("format")) fields::bad("format", "missing (expected " + format + ")");
  const json& f = doc["format"];
  if (!f.is_string())
    fields::bad("format", "expected " + format + ", got " + std::string(f.type_name()));
  if (f.get<std::string>() != "touchstone-case/1")
    fields::bad("format", "expected " + format + ", got \"" + f.get<std::string>() + "\"");
  if (!doc.contains("cases") || !doc["cases"].is_array())
    fields::bad("cases", "missing or not an array");
  fields::check_keys(doc, "", {"format", "cases"});
}

// Moves the scope's warnings into `out`, naming `file` and `case_id`.
void take_warnings(LoadScope& scope, const std::string& file, const std::string& case_id,
                   LoadedCases& out) {
  for (FieldError& w : scope.take_warnings())
    out.warnings.push_back({file, case_id, std::move(w.field), std::move(w.message)});
}

void read_document(const std::string& text, const std::string& file, const LoadOptions& options,
                   LoadScope& scope, LoadedCases& out) {
  const std::uintmax_t size_limit = options.limits.file_bytes;
  if (text.size() > size_limit) {
    out.errors.push_back({file, "", "",
                          std::to_string(text.size()) + " bytes, above the limit of " +
                              std::to_string(size_limit) +
                              " (raise it with --limit file_bytes=N)"});
    return;
  }
  json doc;
  try {
    doc = read_json_document(text, options.limits.depth);
    check_header(doc);
  } catch (const DocumentError& e) {
    std::string id = e.case_id;
    if (e.case_index && id.empty()) id = "#" + std::to_string(*e.case_index);
    out.errors.push_back({file, id, e.field, e.message});
    return;
  } catch (const FieldError& e) {
    out.errors.push_back({file, "", e.field, e.message});
    return;
  }
  take_warnings(scope, file, "", out);
  std::set<std::string> ids;
  const json& cases = doc["cases"];
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const json& j = cases[i];
    std::string id = std::to_string(i);
    id.insert(id.begin(), '#');  // not "#" + ...: GCC 12 warns (-Wrestrict) on that, wrongly
    if (j.is_object() && j.contains("id") && j["id"].is_string() &&
        !j["id"].get<std::string>().empty())
      id = j["id"].get<std::string>();
    try {
      parse_case(j, file, i, out, ids);
    } catch (const FieldError& e) {
      out.errors.push_back({file, id, e.field, e.message});
    } catch (const std::exception& e) {
      out.errors.push_back({file, id, "", e.what()});
    }
    take_warnings(scope, file, id, out);
  }
}

void append(LoadedCases& out, LoadedCases&& part) {
  for (auto& c : part.proximity) out.proximity.push_back(std::move(c));
  for (auto& e : part.errors) out.errors.push_back(std::move(e));
  for (auto& m : part.motion) out.motion.push_back(std::move(m));
  for (auto& f : part.forces) out.forces.push_back(std::move(f));
  for (auto& r : part.regions) out.regions.push_back(std::move(r));
  for (auto& w : part.swept) out.swept.push_back(std::move(w));
  for (auto& w : part.warnings) out.warnings.push_back(std::move(w));
}

}  // namespace

LoadedCases parse_case_document(const std::string& text, const std::string& file,
                                const LoadOptions& options) {
  LoadScope scope(options);
  LoadedCases out;
  read_document(text, file, options, scope, out);
  make_valid_utf8(out);
  return out;
}

LoadedCases CaseLoader::load(const std::filesystem::path& path) {
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
  for (const fs::path& f : files) append(out, load_file(f));
  return out;
}

namespace {

// Drops the cases of `loaded` whose id `files_by_id` already holds from another file (an error
// naming both files), and records the others.
void claim_ids(LoadedCases& loaded, const std::string& file,
               std::map<std::string, std::string>& files_by_id) {
  const auto claim = [&](auto& cases) {
    std::erase_if(cases, [&](const auto& c) {
      const auto [it, fresh] = files_by_id.emplace(c.id, file);
      if (fresh || it->second == file) return false;
      loaded.errors.push_back({file, c.id, "id", "duplicate case id: also in " + it->second});
      return true;
    });
  };
  claim(loaded.proximity);
  claim(loaded.motion);
  claim(loaded.forces);
  claim(loaded.regions);
  claim(loaded.swept);
}

// Checks the force problems of a Siconos or FCLib file (the JSON kinds are checked as parsed).
void check_matrix_files(LoadedCases& loaded, const LoadOptions& options) {
  LoadScope scope(options);
  std::erase_if(loaded.forces, [&](const ForceCase& c) {
    try {
      check_force_problem(c);
      return false;
    } catch (const FieldError& e) {
      const std::string file = c.origin.value("file", std::string());
      loaded.errors.push_back({file, c.id, e.field, e.message});
      return true;
    }
  });
}

}  // namespace

LoadedCases CaseLoader::load_file(const std::filesystem::path& f) {
  namespace fs = std::filesystem;
  LoadedCases out;
  const std::string name = f.string();
  std::error_code ec;
  const std::uintmax_t size = fs::file_size(f, ec);
  if (!ec && size > options_.limits.file_bytes) {
    out.errors.push_back({valid_utf8(name), "", "",
                          std::to_string(size) + " bytes, above the limit of " +
                              std::to_string(options_.limits.file_bytes) +
                              " (raise it with --limit file_bytes=N)"});
    return out;
  }
  if (f.extension() == ".hdf5" || f.extension() == ".dat") {
    if (f.extension() == ".hdf5") {
      out = load_fclib_normal_lcp(f);
    } else if (std::ifstream in(f, std::ios::binary); in) {
      std::stringstream buffer;
      buffer << in.rdbuf();
      out = parse_siconos_lcp(buffer.str(), name);
    } else {
      out.errors.push_back({name, "", "", "cannot open file"});
    }
    check_matrix_files(out, options_);
    make_valid_utf8(out);
  } else if (std::ifstream in(f, std::ios::binary); in) {
    std::stringstream buffer;
    buffer << in.rdbuf();
    out = parse_case_document(buffer.str(), name, options_);
  } else {
    out.errors.push_back({valid_utf8(name), "", "", "cannot open file"});
  }
  claim_ids(out, valid_utf8(name), files_by_id_);
  return out;
}

LoadedCases load_cases(const std::filesystem::path& path, const LoadOptions& options) {
  return CaseLoader(options).load(path);
}

}  // namespace touchstone

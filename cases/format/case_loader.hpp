// The one reader of case files (DESIGN §6.2; fields documented in cases/README.md):
// `touchstone-case/1` documents holding cases of every kind (proximity, motion, contact-forces,
// lcp, contact-regions, swept), Siconos LCP text files (*.dat) and FCLib problems (*.hdf5). A bad
// file or a bad case becomes a LoadError naming the file, the case id and the field; the other
// cases of the file are still loaded.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "cases/format/fields.hpp"
#include "cases/format/force_case.hpp"
#include "cases/format/load_options.hpp"
#include "cases/format/motion_case.hpp"
#include "cases/format/proximity_case.hpp"
#include "cases/format/region_case.hpp"
#include "cases/format/swept_case.hpp"

namespace touchstone {

// Every case read, each in its kind's list, in file order.
struct LoadedCases {
  std::vector<ProximityCase> proximity;  // kind "proximity" (the default kind)
  std::vector<LoadError> errors;
  std::vector<MotionCase> motion;   // kind "motion"
  std::vector<ForceCase> forces;    // kinds "contact-forces" and "lcp", Siconos and FCLib files
  std::vector<RegionCase> regions;  // kind "contact-regions"
  std::vector<SweptCase> swept;     // kind "swept"
  std::vector<LoadError> warnings;  // unknown fields under lenient options
};

// Parses a touchstone-case/1 document already read into memory, each case by the parser of its
// `kind`, then checks it (case_checks.hpp: valid solids, finite force problems); `file` names
// errors and resolves mesh paths. Case ids are unique within a document. Unknown fields anywhere
// are errors (warnings with `options.lenient`); `options.limits` bound sizes and nesting.
LoadedCases parse_case_document(const std::string& text, const std::string& file,
                                const LoadOptions& options = {});

// A Siconos LCP text file (dense storage): w = M z + q becomes A = M, b = q (case id
// "siconos-lcp/<stem>").
LoadedCases parse_siconos_lcp(const std::string& text, const std::string& file);
// The normal-only LCP of an FCLib local problem: rows/columns 0, d, 2d, ... of W and q (d =
// spacedim; case id "fclib-normal/<stem>"). An error when the library is absent or the file holds
// no local problem.
LoadedCases load_fclib_normal_lcp(const std::filesystem::path& file);
bool fclib_available();

// Loads files and directories of cases, remembering every case id it has loaded: a case whose
// id an earlier file (of any call) already holds is a load error naming both files.
class CaseLoader {
 public:
  explicit CaseLoader(LoadOptions options = {}) : options_(std::move(options)) {}
  // One file (*.hdf5: FCLib, *.dat: Siconos, anything else: touchstone-case/1), or every *.json,
  // *.dat and *.hdf5 file under a directory (recursively, in sorted order). A file larger than
  // the `file_bytes` limit is not read.
  LoadedCases load(const std::filesystem::path& path);

 private:
  LoadedCases load_file(const std::filesystem::path& file);
  LoadOptions options_;
  std::map<std::string, std::string> files_by_id_;
};

// CaseLoader(options).load(path).
LoadedCases load_cases(const std::filesystem::path& path, const LoadOptions& options = {});

}  // namespace touchstone

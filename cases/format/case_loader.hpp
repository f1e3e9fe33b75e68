// The one reader of case files (DESIGN §6.2; fields documented in cases/README.md):
// `touchstone-case/1` documents holding cases of every kind (proximity, motion, contact-forces,
// lcp, contact-regions), Siconos LCP text files (*.dat) and FCLib problems (*.hdf5). A bad file or
// a bad case becomes a LoadError naming the file, the case id and the field; the other cases of the
// file are still loaded.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cases/format/fields.hpp"
#include "cases/format/force_case.hpp"
#include "cases/format/motion_case.hpp"
#include "cases/format/proximity_case.hpp"
#include "cases/format/region_case.hpp"

namespace touchstone {

// Every case read, each in its kind's list, in file order.
struct LoadedCases {
  std::vector<ProximityCase> cases;  // kind "proximity" (the default kind)
  std::vector<LoadError> errors;
  std::vector<MotionCase> motion;   // kind "motion"
  std::vector<ForceCase> forces;    // kinds "contact-forces" and "lcp", Siconos and FCLib files
  std::vector<RegionCase> regions;  // kind "contact-regions"
};

// Parses a touchstone-case/1 document already read into memory, each case by the parser of its
// `kind`; `file` is only used to name errors. Case ids are unique within a document.
LoadedCases parse_case_document(const std::string& text, const std::string& file);

// A Siconos LCP text file (dense storage): w = M z + q becomes A = M, b = q (case id
// "siconos-lcp/<stem>").
LoadedCases parse_siconos_lcp(const std::string& text, const std::string& file);
// The normal-only LCP of an FCLib local problem: rows/columns 0, d, 2d, ... of W and q (d =
// spacedim; case id "fclib-normal/<stem>"). An error when the library is absent or the file holds
// no local problem.
LoadedCases load_fclib_normal_lcp(const std::filesystem::path& file);
bool fclib_available();

// Loads one file (*.hdf5: FCLib, *.dat: Siconos, anything else: touchstone-case/1), or every
// *.json, *.dat and *.hdf5 file under a directory (recursively, in sorted order).
LoadedCases load_cases(const std::filesystem::path& path);

}  // namespace touchstone

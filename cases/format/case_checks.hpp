// The checks the case reader makes on a case once its fields are read, so that what reaches the
// runners is a case they can run: its shapes are valid solids (the B-rep or hull the runners
// build, GeometryError reported on the field the shape has: `faces[k]`, `vertices`, `mesh`), its
// force problem is finite and within the size limit, and every string it carries that came from
// outside the JSON parser (file names, mesh paths, messages quoting input) is valid UTF-8.
#pragma once

#include <string>

#include "cases/format/case_loader.hpp"

namespace touchstone {

// Throws FieldError on `field` ("shapes.A") or below when `s` is not a valid solid.
void check_shape_geometry(const ShapeSpec& s, const std::string& field);

// Throws FieldError when the problem has more rows than the `matrix` limit or an entry of its
// matrices or vectors is not finite (an overflow while assembling a multibody system names the
// contact of the row).
void check_force_problem(const ForceCase& c);

// Makes every string of `loaded` that may hold bytes from a file name or a message valid UTF-8
// (valid_utf8, json_reader.hpp): errors, warnings, case ids, origins and mesh paths.
void make_valid_utf8(LoadedCases& loaded);

}  // namespace touchstone

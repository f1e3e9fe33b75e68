// The checks the case reader makes on a case once its fields are read, so that what reaches the
// runners is a case they can run: its shapes are valid (the B-rep or hull the runners
// build, GeometryError reported on the field the shape has: `faces[k]`, `vertices`, `mesh`), its
// force problem is finite and within the size limit, and every string it carries that came from
// outside the JSON parser (file names, mesh paths, messages quoting input) is valid UTF-8.
#pragma once

#include <string>

#include "cases/format/case_loader.hpp"

namespace touchstone {

// Which shapes a kind of case takes: proximity and motion cases take points, segments and
// polygons (the hull of `vertices` may be lower-dimensional); contact-region cases need solids
// (their exact reference and every region algorithm are defined on solids). An explicit `faces`
// B-rep is always a closed solid.
enum class ShapeKinds { solids, any_dimension };

// Throws FieldError on `field` ("shapes.A") or below when `s` is not a valid shape of `kinds`.
void check_shape_geometry(const ShapeSpec& s, const std::string& field, ShapeKinds kinds);

// Throws FieldError when the problem has more rows than the `matrix` limit or an entry of its
// matrices or vectors is not finite (an overflow while assembling a multibody system names the
// contact of the row).
void check_force_problem(const ForceCase& c);

// Makes every string of `loaded` that may hold bytes from a file name or a message valid UTF-8
// (valid_utf8, json_reader.hpp): errors, warnings, case ids, origins and mesh paths.
void make_valid_utf8(LoadedCases& loaded);

}  // namespace touchstone

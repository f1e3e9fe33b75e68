// Building blocks shared by the degenerate case families, one header each: random numbers
// (family_rng.hpp), exact integer polygons and solids (exact_solids.hpp), the pipeline that
// places a pair along an axis at an exact gap (axis_placement.hpp), and the families' naming
// and lookup (family_catalogue.hpp).
#pragma once

#include "cases/axis_placement.hpp"
#include "cases/exact_solids.hpp"
#include "cases/family_catalogue.hpp"
#include "cases/family_rng.hpp"

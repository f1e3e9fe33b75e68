// Placeholder: replaced by the GJK implementation.
#include "algorithms/proximity/gjk/gjk.hpp"
namespace touchstone::gjk {
ProximityAlgorithmInfo info() { return {}; }
}  // namespace touchstone::gjk

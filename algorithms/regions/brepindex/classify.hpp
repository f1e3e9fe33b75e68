// regions-brepindex: the query (seed 000 §4.3, algorithm FindContacts): back-face culling,
// Intersect through the other solid's MSP tree, 𝓡 and the normals.
#pragma once

#include "algorithms/regions/brepindex/tree.hpp"

namespace touchstone::brepindex {

struct Prepared : PreparedShape {
  Tree tree;
};

RegionResult find_contacts(const RegionQuery& q, const Options& options);

}  // namespace touchstone::brepindex

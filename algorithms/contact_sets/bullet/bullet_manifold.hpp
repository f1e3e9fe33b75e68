// Bullet's btPersistentManifold as a contact-set peer (issue 34): Bullet's own convex–convex
// contact generation feeding its persistent manifold, as shipped.
#pragma once

#include "algorithms/contact_sets/contact_set.hpp"

namespace touchstone::bullet_manifold {

ContactSetInfo info();

}  // namespace touchstone::bullet_manifold

// Our poses and convex polytopes to FCL 0.7's, shared by the FCL peers of every kind (proximity
// and contact regions).
#pragma once

#include <fcl/geometry/shape/convex.h>

#include <memory>
#include <vector>

#include "algorithms/geometry/polytope.hpp"
#include "algorithms/geometry/pose.hpp"

namespace touchstone::peers {

inline fcl::Transform3d to_fcl(const Pose& p) {
  fcl::Transform3d t = fcl::Transform3d::Identity();
  t.linear() = p.rotation;
  t.translation() = p.translation;
  return t;
}

// Convex from our B-rep: vertices in the shape's frame and the face list FCL wants
// ([n, v0 .. vn-1] per face). A closed face list lets FCL climb vertex adjacency in support
// queries for shapes of more than 32 vertices.
inline std::shared_ptr<fcl::Convexd> to_fcl_convex(const Polytope& shape) {
  auto vertices = std::make_shared<std::vector<fcl::Vector3d>>(shape.vertices().begin(),
                                                               shape.vertices().end());
  auto faces = std::make_shared<std::vector<int>>();
  for (const Face& f : shape.faces()) {
    faces->push_back(static_cast<int>(f.vertices.size()));
    faces->insert(faces->end(), f.vertices.begin(), f.vertices.end());
  }
  return std::make_shared<fcl::Convexd>(vertices, static_cast<int>(shape.faces().size()), faces,
                                        /*throw_if_invalid=*/false);
}

}  // namespace touchstone::peers

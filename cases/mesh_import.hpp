// Mesh files (.off, .obj, .stl) as B-rep input, read with CGAL's polygon-mesh IO. A triangulated
// source has its coplanar edge-adjacent triangles merged into polygon faces (exact coplanarity),
// so a cube from an STL file has six faces, not twelve. A merged face that would have a hole (a
// ring's cap) is kept as several simple polygons (the B-rep has no inner loops). An open,
// non-manifold, inconsistently oriented, degenerate or self-intersecting mesh is rejected with a
// MeshError naming the file and the defect.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <vector>

#include "algorithms/geometry/pose.hpp"

namespace touchstone {

struct MeshError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ImportedMesh {
  std::vector<Vec3> vertices;
  std::vector<std::vector<int>> faces;  // outward counter-clockwise polygons
  std::size_t source_faces = 0;         // faces in the file, before merging
};

ImportedMesh import_mesh(const std::filesystem::path& file);

}  // namespace touchstone

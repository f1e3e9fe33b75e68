# Region peers: third-party mesh-contact routines wrapped as contact-region algorithms (family
# "peer"). They use the libraries proximity/peers/peers.cmake finds and follow its switches
# (TOUCHSTONE_WITH_FCL, TOUCHSTONE_WITH_BULLET); Bullet's peer also needs GImpact in the Debian
# build. Each registration line in regions/register_all.cpp is guarded by the matching
# TOUCHSTONE_HAVE_*_REGIONS definition, so the build and the tests pass with any of them off.
set(_region_peers_dir regions/peers)
set(_region_peers_enabled "")
target_sources(touchstone_regions PRIVATE ${_region_peers_dir}/mesh.cpp)

if(TOUCHSTONE_WITH_FCL)
  target_sources(touchstone_regions PRIVATE ${_region_peers_dir}/fcl/fcl_regions.cpp)
  target_include_directories(touchstone_regions SYSTEM PRIVATE ${TOUCHSTONE_FCL_INCLUDE_DIR})
  target_link_libraries(touchstone_regions PRIVATE ${TOUCHSTONE_FCL_LIBRARY}
    ${TOUCHSTONE_CCD_LIBRARY} ${TOUCHSTONE_OCTOMAP_LIBRARY} ${TOUCHSTONE_OCTOMATH_LIBRARY})
  target_compile_definitions(touchstone_regions PUBLIC TOUCHSTONE_HAVE_FCL_REGIONS=1)
  list(APPEND _region_peers_enabled fcl-mesh)
endif()

if(TOUCHSTONE_WITH_BULLET)
  find_path(TOUCHSTONE_GIMPACT_INCLUDE_DIR BulletCollision/Gimpact/btGImpactCollisionAlgorithm.h
    HINTS ${TOUCHSTONE_BULLET64_INCLUDE_DIRS})
  if(NOT TOUCHSTONE_GIMPACT_INCLUDE_DIR)
    message(FATAL_ERROR "TOUCHSTONE_WITH_BULLET is ON but Bullet's GImpact headers were not found")
  endif()
  target_sources(touchstone_regions PRIVATE ${_region_peers_dir}/bullet/bullet_regions.cpp)
  target_link_libraries(touchstone_regions PRIVATE PkgConfig::TOUCHSTONE_BULLET64)
  target_compile_definitions(touchstone_regions PUBLIC TOUCHSTONE_HAVE_BULLET_REGIONS=1)
  list(APPEND _region_peers_enabled bullet-gimpact)
  # Bullet (double) for the tests that compare with Bullet's own primitives: the pkg-config target
  # is visible in this directory only.
  add_library(touchstone_bullet_double INTERFACE)
  target_link_libraries(touchstone_bullet_double INTERFACE PkgConfig::TOUCHSTONE_BULLET64)
endif()
message(STATUS "Touchstone region peers: ${_region_peers_enabled}")

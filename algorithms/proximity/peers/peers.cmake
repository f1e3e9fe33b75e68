# Peers: third-party collision libraries wrapped as proximity algorithms (DESIGN §3.1, family
# "peer"). Each is found when installed and has an option to switch it off; the registration line
# in register_all.cpp is guarded by the matching TOUCHSTONE_HAVE_* definition, so the build and the
# tests pass with any of them off.
find_package(PkgConfig QUIET)

# FCL 0.7: its pkg-config file forces -std=c++11 and its CMake package names an `octomap` target
# that does not exist, so the library is found by hand (link: -lfcl -lccd -loctomap -loctomath).
find_path(TOUCHSTONE_FCL_INCLUDE_DIR fcl/config.h)
find_library(TOUCHSTONE_FCL_LIBRARY fcl)
find_library(TOUCHSTONE_CCD_LIBRARY ccd)
find_library(TOUCHSTONE_OCTOMAP_LIBRARY octomap)
find_library(TOUCHSTONE_OCTOMATH_LIBRARY octomath)
find_path(TOUCHSTONE_CCD_INCLUDE_DIR ccd/ccd.h)
set(_touchstone_fcl_found OFF)
if(TOUCHSTONE_FCL_INCLUDE_DIR AND TOUCHSTONE_FCL_LIBRARY AND TOUCHSTONE_CCD_LIBRARY
   AND TOUCHSTONE_OCTOMAP_LIBRARY AND TOUCHSTONE_OCTOMATH_LIBRARY)
  set(_touchstone_fcl_found ON)
endif()

# libccd must be the double build (CCD_DOUBLE in ccd/config.h): our shapes are doubles.
set(_touchstone_ccd_found OFF)
if(TOUCHSTONE_CCD_INCLUDE_DIR AND TOUCHSTONE_CCD_LIBRARY
   AND EXISTS "${TOUCHSTONE_CCD_INCLUDE_DIR}/ccd/config.h")
  file(STRINGS "${TOUCHSTONE_CCD_INCLUDE_DIR}/ccd/config.h" _ccd_double REGEX "^#define CCD_DOUBLE")
  if(_ccd_double)
    set(_touchstone_ccd_found ON)
  endif()
endif()

# Bullet in double precision: bullet-float64 defines BT_USE_DOUBLE_PRECISION.
set(_touchstone_bullet_found OFF)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(TOUCHSTONE_BULLET64 QUIET IMPORTED_TARGET bullet-float64)
endif()
if(TOUCHSTONE_BULLET64_FOUND)
  set(_touchstone_bullet_found ON)
endif()

# ODE in double precision: ode/precision.h must default to dDOUBLE.
set(_touchstone_ode_found OFF)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(TOUCHSTONE_ODE QUIET IMPORTED_TARGET ode)
  find_path(TOUCHSTONE_ODE_INCLUDE_DIR ode/precision.h HINTS ${TOUCHSTONE_ODE_INCLUDE_DIRS})
  if(TOUCHSTONE_ODE_FOUND AND TOUCHSTONE_ODE_INCLUDE_DIR)
    file(READ "${TOUCHSTONE_ODE_INCLUDE_DIR}/ode/precision.h" _ode_precision)
    string(FIND "${_ode_precision}" "#define dDOUBLE" _ode_double)
    string(FIND "${TOUCHSTONE_ODE_CFLAGS}" "dIDESINGLE" _ode_single)
    if(_ode_double GREATER -1 AND _ode_single EQUAL -1)
      set(_touchstone_ode_found ON)
    endif()
  endif()
endif()

option(TOUCHSTONE_WITH_FCL "Register the FCL peers (fcl-libccd, fcl-indep)" ${_touchstone_fcl_found})
option(TOUCHSTONE_WITH_CCD "Register the libccd peers (ccd-gjk, ccd-mpr)" ${_touchstone_ccd_found})
option(TOUCHSTONE_WITH_BULLET "Register the Bullet peers (bullet-gjk-pair, bullet-gjkepa2)"
  ${_touchstone_bullet_found})
option(TOUCHSTONE_WITH_ODE "Register the ODE peer (ode-dcollide)" ${_touchstone_ode_found})

set(_peers_dir proximity/peers)
set(_peers_enabled "")
# Adds the peer source SOURCE (under proximity/peers) when OPTION is ON, with its INCLUDES,
# LIBRARIES and the DEFINE that enables its registration line; FOUND must then be ON, else
# MISSING names what was not found.
function(touchstone_add_peer name)
  cmake_parse_arguments(PEER "" "OPTION;FOUND;MISSING;SOURCE;DEFINE" "INCLUDES;LIBRARIES" ${ARGN})
  if(NOT ${PEER_OPTION})
    return()
  endif()
  if(NOT ${PEER_FOUND})
    message(FATAL_ERROR "${PEER_OPTION} is ON but ${PEER_MISSING} was not found")
  endif()
  target_sources(touchstone_proximity PRIVATE ${_peers_dir}/${PEER_SOURCE})
  if(PEER_INCLUDES)
    target_include_directories(touchstone_proximity SYSTEM PRIVATE ${PEER_INCLUDES})
  endif()
  target_link_libraries(touchstone_proximity PRIVATE ${PEER_LIBRARIES})
  target_compile_definitions(touchstone_proximity PRIVATE ${PEER_DEFINE})
  set(_peers_enabled ${_peers_enabled} ${name} PARENT_SCOPE)
endfunction()
touchstone_add_peer(fcl OPTION TOUCHSTONE_WITH_FCL FOUND _touchstone_fcl_found
  MISSING "FCL 0.7 (fcl, ccd, octomap, octomath)" SOURCE fcl/fcl_peer.cpp DEFINE TOUCHSTONE_HAVE_FCL
  INCLUDES ${TOUCHSTONE_FCL_INCLUDE_DIR}
  LIBRARIES ${TOUCHSTONE_FCL_LIBRARY} ${TOUCHSTONE_CCD_LIBRARY} ${TOUCHSTONE_OCTOMAP_LIBRARY}
    ${TOUCHSTONE_OCTOMATH_LIBRARY})
touchstone_add_peer(libccd OPTION TOUCHSTONE_WITH_CCD FOUND _touchstone_ccd_found
  MISSING "libccd (double build)" SOURCE ccd/ccd_peer.cpp DEFINE TOUCHSTONE_HAVE_CCD
  INCLUDES ${TOUCHSTONE_CCD_INCLUDE_DIR} LIBRARIES ${TOUCHSTONE_CCD_LIBRARY})
touchstone_add_peer(bullet OPTION TOUCHSTONE_WITH_BULLET FOUND _touchstone_bullet_found
  MISSING "bullet-float64" SOURCE bullet/bullet_peer.cpp DEFINE TOUCHSTONE_HAVE_BULLET
  LIBRARIES PkgConfig::TOUCHSTONE_BULLET64)
touchstone_add_peer(ode OPTION TOUCHSTONE_WITH_ODE FOUND _touchstone_ode_found
  MISSING "ODE (double precision)" SOURCE ode/ode_peer.cpp DEFINE TOUCHSTONE_HAVE_ODE
  LIBRARIES PkgConfig::TOUCHSTONE_ODE)
# The enabled libraries themselves, with their TOUCHSTONE_HAVE_* definitions, for tests that call
# a library's own primitives (fcl::Box, btBoxShape, dCreateBox) beside the adapter.
add_library(touchstone_peer_libraries INTERFACE)
if(TOUCHSTONE_WITH_FCL)
  target_include_directories(touchstone_peer_libraries SYSTEM INTERFACE ${TOUCHSTONE_FCL_INCLUDE_DIR})
  target_link_libraries(touchstone_peer_libraries INTERFACE ${TOUCHSTONE_FCL_LIBRARY}
    ${TOUCHSTONE_CCD_LIBRARY} ${TOUCHSTONE_OCTOMAP_LIBRARY} ${TOUCHSTONE_OCTOMATH_LIBRARY})
  target_compile_definitions(touchstone_peer_libraries INTERFACE TOUCHSTONE_HAVE_FCL)
endif()
if(TOUCHSTONE_WITH_CCD)
  target_include_directories(touchstone_peer_libraries SYSTEM INTERFACE ${TOUCHSTONE_CCD_INCLUDE_DIR})
  target_link_libraries(touchstone_peer_libraries INTERFACE ${TOUCHSTONE_CCD_LIBRARY})
  target_compile_definitions(touchstone_peer_libraries INTERFACE TOUCHSTONE_HAVE_CCD)
endif()
if(TOUCHSTONE_WITH_BULLET)
  target_link_libraries(touchstone_peer_libraries INTERFACE PkgConfig::TOUCHSTONE_BULLET64)
  target_compile_definitions(touchstone_peer_libraries INTERFACE TOUCHSTONE_HAVE_BULLET)
endif()
if(TOUCHSTONE_WITH_ODE)
  target_link_libraries(touchstone_peer_libraries INTERFACE PkgConfig::TOUCHSTONE_ODE)
  target_compile_definitions(touchstone_peer_libraries INTERFACE TOUCHSTONE_HAVE_ODE)
endif()
# Library versions for reports. libccd's pkg-config file may lag its package version.
set(_peer_versions "")
if(TOUCHSTONE_WITH_FCL)
  file(STRINGS "${TOUCHSTONE_FCL_INCLUDE_DIR}/fcl/config.h" _fcl_version REGEX "define FCL_VERSION ")
  string(REGEX REPLACE ".*\"(.*)\".*" "\\1" _fcl_version "${_fcl_version}")
  list(APPEND _peer_versions "fcl=${_fcl_version}")
endif()
if(TOUCHSTONE_WITH_CCD AND PKG_CONFIG_FOUND)
  pkg_check_modules(TOUCHSTONE_CCD QUIET ccd)
  list(APPEND _peer_versions "libccd=${TOUCHSTONE_CCD_VERSION} (pkg-config)")
endif()
if(TOUCHSTONE_WITH_BULLET)
  list(APPEND _peer_versions "bullet=${TOUCHSTONE_BULLET64_VERSION} (double)")
endif()
if(TOUCHSTONE_WITH_ODE)
  list(APPEND _peer_versions "ode=${TOUCHSTONE_ODE_VERSION} (double)")
endif()
target_sources(touchstone_proximity PRIVATE ${_peers_dir}/versions.cpp)
string(JOIN "," _peer_versions_joined ${_peer_versions})
set_property(SOURCE ${_peers_dir}/versions.cpp APPEND PROPERTY
  COMPILE_DEFINITIONS "TOUCHSTONE_PEER_VERSIONS=\"${_peer_versions_joined}\"")
message(STATUS "Touchstone peers: ${_peers_enabled} (${_peer_versions})")

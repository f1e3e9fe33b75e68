# `cmake --install <build> --prefix P`: the libraries, the public headers, the `touchstone`
# executable, the example cases and a CMake package, so that an outside project can
# find_package(Touchstone), register its own algorithm and run the suite and the conformance bar
# on it (examples/external-algorithm/, checked by harness/scripts/check-install.sh).
#
# Public headers: every header of algorithms/, reference/, cases/ and harness/ except the
# *_internal.hpp ones, which are the only headers that include CGAL (or GMP): an outside project
# compiles against Eigen, nlohmann/json and CLI11 only, and links CGAL's libraries through the
# static libraries' link interface. Installed under include/touchstone/ with the paths the
# sources use ("algorithms/proximity/registry.hpp").
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TOUCHSTONE_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/touchstone)
set(TOUCHSTONE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Touchstone)
set(TOUCHSTONE_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/touchstone)

# Library targets and their names in the package (Touchstone::<name>).
set(_touchstone_exported
  touchstone_geometry geometry
  touchstone_proximity proximity
  touchstone_swept swept
  touchstone_forces forces
  touchstone_dynamics dynamics
  touchstone_regions regions
  touchstone_reference reference
  touchstone_cases cases
  touchstone_harness harness)
set(_touchstone_targets "")
while(_touchstone_exported)
  list(POP_FRONT _touchstone_exported _target _name)
  set_target_properties(${_target} PROPERTIES EXPORT_NAME ${_name})
  list(APPEND _touchstone_targets ${_target})
endwhile()
set_target_properties(touchstone PROPERTIES EXPORT_NAME touchstone)
# Sanitized libraries need the sanitizers' runtime in whatever links them.
if(TOUCHSTONE_SANITIZE)
  target_link_options(touchstone_geometry INTERFACE
    $<INSTALL_INTERFACE:-fsanitize=address,undefined>)
endif()

install(TARGETS ${_touchstone_targets} touchstone EXPORT TouchstoneTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${TOUCHSTONE_INSTALL_INCLUDEDIR})

file(GLOB_RECURSE _touchstone_headers RELATIVE ${PROJECT_SOURCE_DIR}
  ${PROJECT_SOURCE_DIR}/algorithms/*.hpp ${PROJECT_SOURCE_DIR}/reference/*.hpp
  ${PROJECT_SOURCE_DIR}/cases/*.hpp ${PROJECT_SOURCE_DIR}/harness/*.hpp)
list(FILTER _touchstone_headers EXCLUDE REGEX "_internal\\.hpp$|^harness/bench/")
foreach(_header ${_touchstone_headers})
  get_filename_component(_dir ${_header} DIRECTORY)
  install(FILES ${_header} DESTINATION ${TOUCHSTONE_INSTALL_INCLUDEDIR}/${_dir})
endforeach()

# The example cases, and the meshes some of them name (../meshes/..., with the CGAL meshes when
# harness/scripts/fetch-meshes.sh has fetched them).
install(DIRECTORY cases/examples/ DESTINATION ${TOUCHSTONE_INSTALL_DATADIR}/cases/examples)
install(DIRECTORY cases/meshes/ DESTINATION ${TOUCHSTONE_INSTALL_DATADIR}/cases/meshes)

install(EXPORT TouchstoneTargets NAMESPACE Touchstone:: DESTINATION ${TOUCHSTONE_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/TouchstoneConfig.cmake.in
  ${PROJECT_BINARY_DIR}/TouchstoneConfig.cmake
  INSTALL_DESTINATION ${TOUCHSTONE_INSTALL_CMAKEDIR}
  PATH_VARS TOUCHSTONE_INSTALL_INCLUDEDIR TOUCHSTONE_INSTALL_DATADIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/TouchstoneConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/TouchstoneConfig.cmake
  ${PROJECT_BINARY_DIR}/TouchstoneConfigVersion.cmake DESTINATION ${TOUCHSTONE_INSTALL_CMAKEDIR})

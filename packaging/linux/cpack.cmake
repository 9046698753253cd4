# SPDX-License-Identifier: MIT
# The Debian package: `cpack -G DEB` in the build directory writes motion-graph-studio_VERSION_ARCH.deb
# from the install rules (binaries in app/, the rest in packaging/linux). Its library dependencies
# come from dpkg-shlibdeps; the rest are what the editor loads at run time without linking it.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME motion-graph-studio)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "Motion Graph Studio developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "motion graph editor for motion capture")
set(CPACK_PACKAGE_INSTALL_DIRECTORY motion-graph-studio)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # motion-graph-studio_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "Motion Graph Studio maintainers <maintainers@users.noreply.a-seed-67ce281c.example>")
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${MG_PROJECT_URL}")
# The extended description: one line per paragraph line, indented by one space (deb-control(5)).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "motion graph editor for motion capture
 Motion Graph Studio builds motion graphs out of motion capture: load BVH,
 FBX, glTF or Collada capture, see where frames resemble each other, author
 a graph (Snap-Together Motion, parametric motion graphs, minimum-size motion
 graphs, motion fields), preview a character walking it and export the result
 for a game engine as glTF 2.0 or BVH.
 .
 The package holds the editor, mgstudio, and mgtool, the same engine on the
 command line.")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Loaded by Qt at run time, so dpkg-shlibdeps cannot see them: the X11 platform plugin (and the
# cursor library it needs) and Mesa's OpenGL drivers for the 3D view.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, libxcb-cursor0, libgl1-mesa-dri")
# The capture File > Open Sample opens (/usr/share/assimp/models/BVH/Boxing_Toes.bvh).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "assimp-testmodels")
include(CPack)

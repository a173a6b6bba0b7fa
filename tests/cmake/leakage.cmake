# Leakage tests (tests/leakage/, docs/observation.md "Leakage tests"): every
# agent of every game decides alike in worlds its seat cannot tell apart, drawn
# by the tests' own generators, and the sampler's draws fit the exact marginals.
# leakage_tests runs under ctest (and the sanitizers). The planted programs
# prove it: each links the same tests with the translation units of one planted
# leak (core/planted_leak.h) compiled in, and scripts/check-planted-leaks.sh
# expects them to fail. They are not part of `all`; only those few files and a
# link are built for them.
file(GLOB JUNQI_LEAKAGE_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/leakage/*.cpp)
if(JUNQI_LEAKAGE_SOURCES AND TARGET junqi_search AND TARGET junqi_test_support)
  add_library(junqi_leakage_checks OBJECT ${JUNQI_LEAKAGE_SOURCES} support/swapped_world.cpp
              support/four_swapped_world.cpp support/flip_redealt_world.cpp)
  target_link_libraries(junqi_leakage_checks PUBLIC junqi_search junqi_test_support GTest::gtest GTest::gmock)
  target_include_directories(junqi_leakage_checks PUBLIC ${PROJECT_SOURCE_DIR})
  junqi_test_build_settings(junqi_leakage_checks)
  add_executable(leakage_tests)
  target_link_libraries(leakage_tests PRIVATE junqi_leakage_checks GTest::gtest_main)
  gtest_discover_tests(leakage_tests DISCOVERY_TIMEOUT 60)

  # A leak and the files that hold its hooks. Objects given to the program
  # itself come before the libraries, so the linker takes these and never the
  # clean copies in libjunqi_core.a / libjunqi_search.a (the hooks change no
  # class, so the two agree on every layout).
  set(JUNQI_PLANTED_classic ${PROJECT_SOURCE_DIR}/core/classic/observation.cpp ${PROJECT_SOURCE_DIR}/core/classic/info_state.cpp)
  set(JUNQI_PLANTED_four ${PROJECT_SOURCE_DIR}/core/four/four_observation.cpp ${PROJECT_SOURCE_DIR}/search/four/four_heuristic.cpp)
  set(JUNQI_PLANTED_flip ${PROJECT_SOURCE_DIR}/core/flip/flip_game.cpp ${PROJECT_SOURCE_DIR}/search/flip/flip_heuristic.cpp)
  foreach(leak classic four flip)
    string(TOUPPER ${leak} LEAK)
    add_executable(leakage_tests_planted_${leak} EXCLUDE_FROM_ALL ${JUNQI_PLANTED_${leak}})
    target_compile_definitions(leakage_tests_planted_${leak} PRIVATE JUNQI_PLANT_LEAK_${LEAK})
    target_link_libraries(leakage_tests_planted_${leak} PRIVATE junqi_leakage_checks GTest::gtest_main)
  endforeach()
endif()

# Command-line scenarios of training runs (training/, tools/commands/train.cpp).
if(TARGET junqi AND JUNQI_WITH_TORCH)
  # Ctrl-C in a Flip Junqi and a four-player run keeps the partial generation; the same command resumes.
  cli_scenario(train_interrupted_flip_four $<TARGET_FILE:junqi>)
endif()
# A four-player run's self-play by `junqi selfplay` workers: Ctrl-C of a worker and of the trainer, the resume.
if(TARGET junqi AND JUNQI_WITH_TORCH)
  cli_scenario(train_four_with_workers $<TARGET_FILE:junqi>)
endif()
# The same over MPI: the ranks play a four-player run's self-play and rating games.
if(TARGET junqi AND JUNQI_WITH_TORCH AND TARGET junqi_distributed AND MPIEXEC_EXECUTABLE)
  cli_scenario(train_mpi_four ${MPIEXEC_EXECUTABLE} $<TARGET_FILE:junqi>)
  set_tests_properties(train_mpi_four PROPERTIES PROCESSORS 2)
endif()

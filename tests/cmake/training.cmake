# Command-line scenarios of training runs (training/, tools/commands/train.cpp).
if(TARGET junqi AND JUNQI_WITH_TORCH)
  # Ctrl-C in a Flip Junqi and a four-player run keeps the partial generation; the same command resumes.
  cli_scenario(train_interrupted_flip_four $<TARGET_FILE:junqi>)
endif()

# import_cycle_helper imports import_cycle_helper2, which imports import_cycle_helper
import import_cycle_helper

print(import_cycle_helper.X)

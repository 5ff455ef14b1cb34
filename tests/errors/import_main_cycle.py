# the helper imports this script back
import import_main_cycle_helper

print(import_main_cycle_helper.X)

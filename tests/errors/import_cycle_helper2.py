Y = 2
import import_cycle_helper

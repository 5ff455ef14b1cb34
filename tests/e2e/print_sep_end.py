# print with several arguments, sep= and end=
import cupy as cp

print("a", "b", "c")
print("a", "b", "c", sep="")
print("a", "b", "c", sep=", ")
print(1, 2.5, True, sep=" | ")
print("no newline", end="")
print(" -- continued")
print("x", end=" ")
print("y", end="!\n")
print()
print(cp.arange(3), cp.arange(2) * 1.5, sep="\n")
for i in range(3):
    print(i, end=",")
print()
print("done", 3, sep="-", end=".\n")

print("gesture-bench: under construction")

print("gesture-sandbox: under construction")

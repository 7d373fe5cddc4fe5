// MARK: - The touchscreen program in the guest

/// `/job/touchscreen.py`: creates a multitouch uinput touchscreen (python3-libevdev) with the
/// axes of `job.env` (or the touchscreens `TOUCHSCREENS` lists), says `PREFIX.ready`, waits for `PREFIX.go`, writes the event list (one
/// `TYPE CODE VALUE` or `wait MS` per line, batched up to each SYN_REPORT), says `PREFIX.done`
/// and keeps the device until it is stopped. With `AGENT` set it plays one list per
/// `PREFIX.go-N` (which names it) and says `PREFIX.done-N`, for as long as the guest runs.
public enum TouchscreenProgram {
    /// The device's name, as the kernel and libinput show it.
    public static let deviceName = "GestureSandbox touchscreen"

    /// The program's text.
    public static let text = #"""
    import os, sys, time
    import libevdev

    events_path, prefix = sys.argv[1], sys.argv[2]
    env = os.environ
    minimum = int(env["AXIS_MIN"])
    maximum_x, maximum_y = int(env["AXIS_MAX_X"]), int(env["AXIS_MAX_Y"])
    slots = int(env["SLOTS"])

    def make(name, maximum_x, maximum_y, resolution_x, resolution_y, tool_type):
        device = libevdev.Device()
        device.name = name
        device.id = {"bustype": 0x06, "vendor": 0x1d6b, "product": 0x0104, "version": 1}
        device.enable(libevdev.EV_KEY.BTN_TOUCH)
        for code, maximum, resolution in ((libevdev.EV_ABS.ABS_X, maximum_x, resolution_x), (libevdev.EV_ABS.ABS_Y, maximum_y, resolution_y),
                                          (libevdev.EV_ABS.ABS_MT_POSITION_X, maximum_x, resolution_x),
                                          (libevdev.EV_ABS.ABS_MT_POSITION_Y, maximum_y, resolution_y)):
            device.enable(code, libevdev.InputAbsInfo(minimum=minimum, maximum=maximum, resolution=resolution))
        device.enable(libevdev.EV_ABS.ABS_MT_SLOT, libevdev.InputAbsInfo(minimum=0, maximum=slots - 1))
        device.enable(libevdev.EV_ABS.ABS_MT_TRACKING_ID, libevdev.InputAbsInfo(minimum=0, maximum=65535))
        if tool_type:
            device.enable(libevdev.EV_ABS.ABS_MT_TOOL_TYPE, libevdev.InputAbsInfo(minimum=0, maximum=2))
        device.enable(libevdev.INPUT_PROP_DIRECT)
        made = device.create_uinput_device()
        print("device", made.devnode, '"%s"' % name, flush=True)
        return made

    # A device setup lists its touchscreens (TOUCHSCREENS: NAME<TAB>MAX_X MAX_Y RES_X RES_Y TOOL_TYPE a line);
    # else one touchscreen with the axes of job.env.
    if env.get("TOUCHSCREENS"):
        devices = []
        for line in open(env["TOUCHSCREENS"]):
            name, numbers = line.rstrip("\n").split("\t")
            devices.append(make(name, *[int(word) for word in numbers.split()]))
    else:
        devices = [make("\#(deviceName)", maximum_x, maximum_y, 0, 0, 0)]

    def load(path):
        steps = []
        for line in open(path):
            words = line.split()
            if not words:
                continue
            if words[0] == "wait":
                steps.append(float(words[1]) / 1000)
            elif words[0] == "device":
                steps.append(int(words[1]))
            else:
                steps.append(libevdev.InputEvent(libevdev.evbit(words[0], words[1]), int(words[2])))
        return steps

    def play(steps):
        # One batch per device, each written whole at its SYN_REPORT: the events of one frame of
        # two touchscreens may interleave.
        batches = {}
        device = 0
        for step in steps:
            if isinstance(step, float):
                time.sleep(step)
                continue
            if isinstance(step, int):
                device = step
                continue
            batches.setdefault(device, []).append(step)
            if step.matches(libevdev.EV_SYN.SYN_REPORT):
                devices[device].send_events(batches.pop(device))
        for index, batch in batches.items():
            devices[index].send_events(batch + [libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0)])
        print("played", len(steps), "steps", flush=True)

    def wait_for(path):
        while not os.path.exists(path):
            time.sleep(0.01)

    if env.get("AGENT"):
        # The matrix's agent: PREFIX.go-N names the events of play N; PREFIX.done-N says it was written.
        open(prefix + ".ready", "w").close()
        number = 0
        while True:
            number += 1
            wait_for("%s.go-%d" % (prefix, number))
            play(load(open("%s.go-%d" % (prefix, number)).read().strip()))
            open("%s.done-%d" % (prefix, number), "w").close()
    steps = load(events_path)
    open(prefix + ".ready", "w").close()
    wait_for(prefix + ".go")
    play(steps)
    open(prefix + ".done", "w").close()
    while True:
        time.sleep(1)
    """#
}

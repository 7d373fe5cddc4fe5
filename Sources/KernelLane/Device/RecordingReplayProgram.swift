// MARK: - The recorded device's program in the guest

/// `/job/touchscreen.py` for a recording: reads `/job/recording.json` (RecordingJSON), creates the
/// recorded device, says `PREFIX.ready`, waits for `PREFIX.go`, plays what it recorded with the
/// recorded timing (each frame at its time since the first), says `PREFIX.done` and keeps the
/// device until it is stopped.
///
/// An evdev recording becomes a uinput device (python3-libevdev) with the recorded name, ids,
/// properties, codes and absinfo, and each frame (up to its SYN_REPORT) is one write of its events. A hid-recorder
/// recording becomes a /dev/uhid device with the recorded report descriptor, so the kernel's HID
/// core and hid-multitouch parse it as they would the real device; its reports are written as
/// UHID_INPUT2. The kernel's GET_REPORT requests (hid-multitouch asks for its feature reports) are
/// answered with EIO, as the recording has no feature reports: the kernel then takes the
/// descriptor's Contact Count Maximum.
public enum RecordingReplayProgram {
    /// The program's text.
    public static let text = #"""
    import json, os, struct, sys, threading, time

    recording_path, prefix = sys.argv[1], sys.argv[2]
    recording = json.load(open(recording_path))

    def wait_for_go():
        open(prefix + ".ready", "w").close()
        while not os.path.exists(prefix + ".go"):
            time.sleep(0.02)

    def play(frames, send):
        # Each frame at least its recorded gap after the previous one was written, as evemu-play and
        # libinput replay keep gaps: a frame written late (the first writes take tens of ms under
        # TCG) delays the rest rather than bunching them.
        previous_at = previous_done = None
        longer = []
        for at, payload in frames:
            if previous_at is not None:
                delay = previous_done + (at - previous_at) / 1e6 - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
            send(payload)
            done = time.monotonic()
            if previous_at is not None:
                longer.append("%.1f" % ((done - previous_done - (at - previous_at) / 1e6) * 1000))
            previous_at, previous_done = at, done
        print("played", len(frames), "frames; each gap longer than recorded by (ms):", " ".join(longer), flush=True)

    def describe(devnode):
        # The device as the kernel made it, read back: what libinput and the compositor see.
        import libevdev
        with open(devnode, "rb") as node:
            device = libevdev.Device(node)
            axes = []
            for name in ("ABS_MT_POSITION_X", "ABS_MT_POSITION_Y"):
                info = device.absinfo[getattr(libevdev.EV_ABS, name)]
                if info is not None:
                    axes.append("%s %d..%d res %d" % (name, info.minimum, info.maximum, info.resolution))
            slot = device.absinfo[libevdev.EV_ABS.ABS_MT_SLOT]
            print("evdev: %s \"%s\" bus 0x%x vendor 0x%x product 0x%x; %s; slots %s; %s" % (
                devnode, device.name, device.id["bustype"], device.id["vendor"], device.id["product"], "; ".join(axes),
                slot.maximum - slot.minimum + 1 if slot is not None else "none",
                "direct" if device.has(libevdev.INPUT_PROP_DIRECT) else "not direct"), flush=True)

    def bit(event_type, code):
        # A code libevdev has no name for cannot be enabled or sent through python3-libevdev.
        import libevdev
        try:
            return libevdev.evbit(event_type, code)
        except (KeyError, ValueError, TypeError):
            return None

    def evdev():
        import libevdev
        device = libevdev.Device()
        device.name = recording["name"]
        device.id = recording["id"]
        for number in recording["properties"]:
            device.enable(libevdev.propbit(number))
        absinfo = recording["absinfo"]
        for event_type, codes in recording["codes"].items():
            for code in codes:
                code_bit = bit(int(event_type), code)
                if code_bit is None:
                    print("skipped unnamed code", event_type, code, flush=True)
                    continue
                # EV_REP's codes take their delay and period as values, which a recording does not hold.
                if int(event_type) == 0x14:
                    print("skipped", code_bit, flush=True)
                elif int(event_type) == 3:
                    minimum, maximum, fuzz, flat, resolution = absinfo[str(code)]
                    device.enable(code_bit, libevdev.InputAbsInfo(minimum=minimum, maximum=maximum, fuzz=fuzz, flat=flat,
                                                             resolution=resolution))
                else:
                    device.enable(code_bit)
        # Our own /dev/uinput file: each frame goes to the kernel in one write, so the kernel stamps it
        # when it was due (writing event by event takes tens of ms per frame under TCG).
        uinput_file = open("/dev/uinput", "r+b", buffering=0)
        uinput = device.create_uinput_device(uinput_file)
        describe(uinput.devnode)
        frames, batch = [], b""
        for sec, usec, event_type, code, value in recording["events"]:
            # struct input_event: a zero timeval (the kernel stamps it), type, code, value.
            batch += struct.pack("<qqHHi", 0, 0, event_type, code, value)
            if event_type == 0 and code == 0:
                frames.append((sec * 1000000 + usec, batch))
                batch = b""
        wait_for_go()
        play(frames, lambda data: os.write(uinput_file.fileno(), data))

    UHID_CREATE2, UHID_DESTROY, UHID_START, UHID_OPEN, UHID_GET_REPORT = 11, 1, 2, 4, 9
    UHID_GET_REPORT_REPLY, UHID_SET_REPORT, UHID_SET_REPORT_REPLY, UHID_INPUT2 = 10, 13, 14, 12
    UHID_EVENT_SIZE = 4376

    def uhid():
        fd = os.open("/dev/uhid", os.O_RDWR)
        descriptor = bytes(recording["descriptor"])
        ids = recording["id"]
        create = struct.pack("<I128s64s64sHHIIII4096s", UHID_CREATE2, recording["name"].encode()[:127], b"gesture-sandbox/uhid",
                             b"", len(descriptor), ids["bustype"], ids["vendor"], ids["product"], ids["version"], 0, descriptor)
        os.write(fd, create.ljust(UHID_EVENT_SIZE, b"\0"))
        started = threading.Event()

        def answer():
            while True:
                event = os.read(fd, UHID_EVENT_SIZE)
                kind = struct.unpack_from("<I", event)[0]
                if kind == UHID_START:
                    print("uhid: started", flush=True)
                    started.set()
                elif kind == UHID_OPEN:
                    print("uhid: opened", flush=True)
                elif kind == UHID_GET_REPORT:
                    request, number, report_type = struct.unpack_from("<IBB", event, 4)
                    print("uhid: get report", number, "type", report_type, "answered EIO", flush=True)
                    os.write(fd, struct.pack("<IIHH", UHID_GET_REPORT_REPLY, request, 5, 0).ljust(UHID_EVENT_SIZE, b"\0"))
                elif kind == UHID_SET_REPORT:
                    request, number = struct.unpack_from("<IB", event, 4)
                    print("uhid: set report", number, flush=True)
                    os.write(fd, struct.pack("<IIH", UHID_SET_REPORT_REPLY, request, 0).ljust(UHID_EVENT_SIZE, b"\0"))

        threading.Thread(target=answer, daemon=True).start()
        if not started.wait(20):
            sys.exit("uhid: the kernel did not start the device")
        frames = [(sec * 1000000 + usec, bytes(data)) for sec, usec, data in recording["reports"]]

        def send(data):
            os.write(fd, struct.pack("<IH", UHID_INPUT2, len(data)) + data)
        # The kernel's HID driver binds and makes the event node after START: give udev a moment to see it.
        time.sleep(1)
        hid = [name for name in os.listdir("/sys/devices/virtual/misc/uhid") if name.count(":") == 2]
        for name in hid:
            folder = "/sys/devices/virtual/misc/uhid/" + name
            driver = os.path.basename(os.readlink(folder + "/driver")) if os.path.exists(folder + "/driver") else "none"
            print("hid: %s driver %s" % (name, driver), flush=True)
            for root, folders, files in os.walk(folder):
                for event in sorted(f for f in folders if f.startswith("event")):
                    describe("/dev/input/" + event)
        wait_for_go()
        play(frames, send)

    if recording["source"] == "hid-recorder":
        uhid()
    else:
        evdev()
    open(prefix + ".done", "w").close()
    while True:
        time.sleep(1)
    """#
}

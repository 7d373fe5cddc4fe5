#include <libdecor.h>

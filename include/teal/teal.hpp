// include/teal/teal.hpp — the umbrella header of Teal's C++ API.
#pragma once

#include "teal/appender.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"
#include "teal/extract_statements.hpp"
#include "teal/logical_type.hpp"
#include "teal/prepared_statement.hpp"
#include "teal/reader.hpp"
#include "teal/result.hpp"
#include "teal/value.hpp"

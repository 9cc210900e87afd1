package guard

// The guard allows a function only when it is on its dialect's list below: aggregates,
// window functions, date/time, string, math, conditional and casting helpers that read nothing
// but their arguments. Anything else, including every function that touches files, the network,
// other databases, locks, settings or the server (pg_read_file, dblink, pg_sleep, set_config,
// LOAD_FILE, SLEEP, BENCHMARK, GET_LOCK, load_extension, readfile, ...) is rejected, as is any
// function the guard has never heard of. Lists hold lower-case names.

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// commonAggregates and window functions shared by the three dialects.
var commonFuncs = []string{
	"count", "sum", "avg", "min", "max",
	"row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile",
	"lag", "lead", "first_value", "last_value", "nth_value",
	"coalesce", "nullif", "abs", "round", "lower", "upper", "length", "replace", "trim",
	"ltrim", "rtrim", "substr",
}

// postgresFuncs is the PostgreSQL allowlist (schema pg_catalog or unqualified).
var postgresFuncs = set(append(commonFuncs,
	// aggregates
	"string_agg", "array_agg", "bool_and", "bool_or", "every", "stddev", "stddev_pop",
	"stddev_samp", "variance", "var_pop", "var_samp", "corr", "covar_pop", "covar_samp",
	"regr_slope", "regr_intercept", "regr_r2", "regr_count", "regr_avgx", "regr_avgy",
	"percentile_cont", "percentile_disc", "mode", "json_agg", "jsonb_agg", "json_object_agg",
	"jsonb_object_agg", "bit_and", "bit_or", "grouping",
	// date and time
	"date_trunc", "date_part", "extract", "age", "now", "make_date", "make_time",
	"make_timestamp", "make_timestamptz", "make_interval", "to_char", "to_date", "to_timestamp",
	"to_number", "date_bin", "justify_days", "justify_hours", "justify_interval", "isfinite",
	"timezone", "overlaps", "clock_timestamp", "statement_timestamp", "transaction_timestamp",
	// strings
	"concat", "concat_ws", "substring", "position", "strpos", "left", "right", "lpad", "rpad",
	"btrim", "initcap", "reverse", "repeat", "split_part", "char_length", "character_length",
	"octet_length", "bit_length", "md5", "regexp_replace", "regexp_match", "regexp_matches",
	"regexp_substr", "regexp_count", "regexp_like", "starts_with", "translate", "format",
	"overlay", "chr", "ascii", "quote_literal", "quote_ident", "like_escape", "similar_to_escape",
	"normalize", "to_hex", "string_to_array", "array_to_string", "unistr", "casefold",
	// math
	"ceil", "ceiling", "floor", "trunc", "sign", "sqrt", "cbrt", "power", "pow", "exp", "ln",
	"log", "log10", "mod", "div", "pi", "degrees", "radians", "sin", "cos", "tan", "asin",
	"acos", "atan", "atan2", "greatest", "least", "width_bucket", "gcd", "lcm", "scale",
	"random",
	// arrays and json readers
	"array_length", "cardinality", "array_position", "unnest_length", "json_extract_path_text",
	"jsonb_extract_path_text", "json_extract_path", "jsonb_extract_path", "json_typeof",
	"jsonb_typeof", "json_array_length", "jsonb_array_length", "to_json", "to_jsonb",
	"json_build_object", "jsonb_build_object", "json_build_array", "jsonb_build_array",
	// casting and conditional
	"cast", "num_nulls", "num_nonnulls", "bool",
)...)

// postgresTypes are the types a PostgreSQL cast may name; reg* types (catalog lookups) and
// anything unusual are refused.
var postgresTypes = set(
	"int2", "int4", "int8", "smallint", "integer", "int", "bigint", "numeric", "decimal",
	"float4", "float8", "real", "double precision", "text", "varchar", "bpchar", "char",
	"character", "character varying", "name", "date", "time", "timetz", "timestamp",
	"timestamptz", "interval", "bool", "boolean", "uuid", "json", "jsonb", "money",
)

// mysqlFuncs is the MySQL/MariaDB allowlist.
var mysqlFuncs = set(append(commonFuncs,
	// aggregates
	"group_concat", "std", "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop",
	"var_samp", "bit_and", "bit_or", "bit_xor", "json_arrayagg", "json_objectagg", "grouping",
	// date and time
	"now", "curdate", "current_date", "curtime", "current_time", "current_timestamp",
	"localtime", "localtimestamp", "utc_date", "utc_time", "utc_timestamp", "date",
	"time", "timestamp", "year", "month", "monthname", "day", "dayofmonth", "dayofweek",
	"dayofyear", "dayname", "week", "weekday", "weekofyear", "yearweek", "quarter", "hour",
	"minute", "second", "microsecond", "date_format", "time_format", "str_to_date",
	"date_add", "date_sub", "adddate", "subdate", "addtime", "subtime", "datediff",
	"timediff", "timestampdiff", "timestampadd", "extract", "last_day", "makedate",
	"maketime", "from_days", "to_days", "to_seconds", "from_unixtime", "unix_timestamp",
	"period_add", "period_diff", "sec_to_time", "time_to_sec", "convert_tz", "get_format",
	// strings
	"concat", "concat_ws", "substring", "mid", "left", "right", "lpad", "rpad", "locate",
	"instr", "position", "char_length", "character_length", "octet_length", "bit_length",
	"lcase", "ucase", "reverse", "repeat", "space", "strcmp", "substring_index", "format",
	"field", "find_in_set", "elt", "insert", "ascii", "ord", "char", "hex", "unhex", "md5",
	"sha1", "sha2", "quote", "regexp_replace", "regexp_substr", "regexp_instr", "regexp_like",
	"soundex", "to_base64", "from_base64", "trim_oracle",
	// math
	"ceil", "ceiling", "floor", "truncate", "sign", "sqrt", "power", "pow", "exp", "ln", "log",
	"log2", "log10", "mod", "pi", "degrees", "radians", "sin", "cos", "tan", "asin", "acos",
	"atan", "atan2", "cot", "greatest", "least", "rand", "conv", "crc32",
	// conditional and casting
	"if", "ifnull", "isnull", "case", "cast", "convert", "interval",
	// json readers
	"json_extract", "json_unquote", "json_length", "json_type", "json_object", "json_array",
	"json_contains", "json_keys", "json_valid",
)...)

// sqliteFuncs is the SQLite allowlist (core, date/time, math and JSON readers).
var sqliteFuncs = set(append(commonFuncs,
	"total", "group_concat", "string_agg", "avg",
	"date", "time", "datetime", "julianday", "unixepoch", "strftime", "timediff",
	"instr", "substring", "printf", "format", "char", "unicode", "hex", "unhex", "quote",
	"like", "glob", "ifnull", "iif", "if", "typeof", "min", "max", "concat", "concat_ws",
	"ceil", "ceiling", "floor", "trunc", "sign", "sqrt", "power", "pow", "exp", "ln", "log",
	"log2", "log10", "mod", "pi", "degrees", "radians", "sin", "cos", "tan", "asin", "acos",
	"atan", "atan2", "random", "octet_length",
	"json", "json_extract", "json_array_length", "json_type", "json_valid", "json_object",
	"json_array", "json_group_array", "json_group_object",
)...)

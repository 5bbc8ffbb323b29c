/// The config language and schema (parsed in-house); filled in by the config work.
public enum XgestConfigModule {}

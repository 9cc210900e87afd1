#!/usr/bin/env python3
# Builds slack.db from github.com/apache-superset/examples-data, the repository that "holds/serves
# the small data files that `superset load_examples` uses to load the example data" of Apache
# Superset: the Slack workspace export behind Superset's example "Slack Dashboard". The data is an
# export of the Apache Superset community Slack (workspace/team id T7GMC60JX) made by the Superset
# maintainers in 2020; commit 2122c50a5b39118602a762afe6e7c0ac10e4f993 ("Replace names",
# 2021-01-10) replaced every person's `name` and `real_name` with made-up names (Senaida Sallis,
# Javier Jimenes, ...); user ids, channel ids and message texts are the export's own.
#
# LICENCE. examples-data has no LICENSE file of its own (only a NOTICE about the Open Government
# Licence for an unrelated UK data set). It is run by the Superset project (the `apache-superset`
# GitHub organisation) to serve example data for Apache Superset, and Superset's own example
# configurations downloaded these very CSVs from it (raw.githubusercontent.com/apache-superset/
# examples-data/master/datasets/examples/slack/*.csv). The same Slack tables are now shipped
# inside the Apache-2.0-licensed apache/superset repository itself, as
# superset/examples/slack_dashboard/data/{channels,messages,threads,users,users_channels,
# exported_stats}.parquet with their dataset YAMLs, so the data is distributed by the ASF under
# the Apache License 2.0 (apache/superset LICENSE; NOTICE "Apache Superset / Copyright 2016-2024
# The Apache Software Foundation"). See slack.LICENSE.
#
# Pinned commit: c6c268fcd9dc3e6d465279a3744f184a29236497 (2021-08-10, the newest commit); the
# Slack files last changed in 1e594108a0e85eb0cc9c61a8f701d016e93081e5 (2021-01-11, "Load full
# data"). Files read (UTF-8 CSV with a header row, as pandas wrote them):
#   datasets/examples/slack/users.csv            2,505 rows
#   datasets/examples/slack/channels.csv            64 rows
#   datasets/examples/slack/channel_members.csv  8,368 rows
#   datasets/examples/slack/users_channels.csv   8,368 rows
#   datasets/examples/slack/messages.csv         4,684 rows
#   datasets/examples/slack/threads.csv             85 rows
#   datasets/examples/slack/exported_stats.csv   1,141 rows
# Nothing is subset. Table names and column names are the files' own (Slack API field names,
# nested objects flattened with a double underscore: `purpose__value`, `bot_profile__name`).
#
# HOW VALUES ARE STORED (as Superset's loader, pandas.read_csv + to_sql, stores them):
#  * '' (empty field) -> NULL everywhere; the literal JSON 'null' that the export wrote for a
#    missing list (messages.reactions, reply_users, pinned_to, blocks; channels.previous_names)
#    -> NULL too (pandas reads 'null' as missing). Present lists stay JSON text:
#    reactions '[{"name": "tada", "count": 2, "users": ["U...", "U..."]}]', reply_users
#    '["U...", "U..."]', file_ids '[]' or '["F..."]'.
#  * Flags: the export writes only true values ('True' in channels, 'TRUE' in users, 'True' in
#    messages.upload) and leaves false EMPTY, so every flag is INTEGER 1 or NULL, never 0:
#    "not archived" is `is_archived IS NULL`, "not deleted" is `deleted IS NULL`.
#  * Times already written as datetimes by the export are kept as 'YYYY-MM-DD HH:MM:SS' text in
#    UTC: channels.created, purpose__last_set, topic__last_set, unlinked; messages.ts,
#    bot_profile__updated; threads.ts; users.updated (the CSV writes hours below 10 without a
#    leading zero, '2020-09-17 7:19:01'; padded here to '2020-09-17 07:19:01' so the text sorts
#    and compares as a date, as a date-parsing loader does). '1970-01-01 00:00:00' (epoch 0) is
#    the export's "never set" value in purpose__last_set, topic__last_set and unlinked.
#  * Slack message timestamps that the export left as Slack's own epoch strings stay TEXT,
#    unchanged, as Superset's dataset definitions type them (VARCHAR): messages.thread_ts,
#    messages.latest_reply, threads.thread_ts, threads.latest_reply, e.g. '1599934232.150700'
#    (seconds since 1970 UTC, microseconds after the dot). In both message tables `thread_ts` is
#    the message's OWN Slack ts (it always equals `ts` as epoch seconds), so it identifies a
#    message within its channel.
#  * exported_stats.date is 'YYYY-MM-DD'; counts INTEGER, the percent_of_* shares REAL 0..1.
#  * Message text is kept as exported: Slack markup ('<@U014D0Q95K5>' mentions, '<!here>',
#    '<https://...|label>' links, ':emoji:' codes, '&amp;'/'&gt;'), and newlines and non-ASCII
#    characters written as the two-character escapes '\n' and '\u2019' (backslash included).
#
# TABLES, KEYS AND REFERENCES (column order as in the files, minus dropped columns):
#   users (2,514 = 2,505 + 9 placeholders)  id TEXT PRIMARY KEY ('U...'); name = Slack handle
#     (NOT unique, 2,124 distinct), real_name = display name (unique); team_id; tz, tz_label,
#     tz_offset (seconds east of UTC; the export leaves it EMPTY when it is 0, so GMT users have
#     tz 'Europe/London' etc. but NULL tz_offset); deleted, is_admin, is_app_user, is_bot,
#     is_owner, is_primary_owner flags; color; updated.
#     9 PLACEHOLDER rows (only `id` set, every other column NULL) are added for user ids that
#     other tables reference but users.csv lacks, so every reference resolves: 'UDFNJM85P' (the
#     user id the GitHub app posts as: 2,975 messages, all with bot_id 'BDG87ESBD' and
#     bot_profile__name 'GitHub'), 'USLACKBOT' (Slackbot, 8 messages), 'UDBV75S6M' (creator of
#     3 channels, member of 3) and 'U8JH7A18E', 'UCU0EDMPT', 'UEJ84UYCX', 'UEQLDBD6G',
#     'UERJQF55Y', 'UEXJF7RUK' (channel members only). The build asserts this list.
#   channels (64)  id TEXT PRIMARY KEY ('C...', 'G...' for the private one); name TEXT UNIQUE;
#     creator, purpose__creator, topic__creator REFERENCES users; num_members only on 29 of
#     the 30 open channels (NULL on the archived ones and on the private superset-champions).
#   channel_members (8,368)  channel_id REFERENCES channels(id), user_id REFERENCES users;
#     PRIMARY KEY (channel_id, user_id).
#   users_channels (8,368)  the same memberships with the channel given by NAME:
#     name REFERENCES channels(name), user_id REFERENCES users; PRIMARY KEY (name, user_id).
#   messages (4,684)  channel history, top-level messages only (thread replies are not in it,
#     except the 23 'thread_broadcast' replies also posted to the channel); channel_id
#     REFERENCES channels; user, inviter, parent_user_id REFERENCES users; PRIMARY KEY
#     (channel_id, thread_ts) (thread_ts alone repeats once: one user joined 4 channels in the
#     same microsecond). Thread parents carry reply_count, reply_users_count, reply_users and
#     latest_reply (647 messages).
#   threads (85)  a small extract of thread messages, parents and replies mixed (23 rows carry a
#     reply_count; 33 rows are also in messages); each row's thread_ts is again its own ts, so a
#     reply cannot be joined to its parent. channel_id REFERENCES channels, user REFERENCES
#     users; PRIMARY KEY (channel_id, thread_ts).
#   exported_stats (1,141)  Slack's workspace analytics export, one row per day 2017-10-11 ..
#     2020-11-24; date TEXT PRIMARY KEY. Its `name` column is 0 on every row and `guests` is 0.
#
# DROPPED, being empty in every row: channels.channel_id, is_ext_shared, is_im, is_mpim,
# is_org_shared, is_pending_ext_shared, is_shared, members, parent_conversation, and
# pending_connected_team_ids and pending_shared ('[]' on every row); messages.bot_profile__deleted,
# display_as_bot, file_id, icons__emoji, is_delayed_message, is_intro, is_starred, last_read,
# permalink, source_team, subscribed, unread_count, user_team, username; threads.subscribed;
# users.has_2fa, is_restricted, is_ultra_restricted. The build asserts they are empty. Nothing
# else is changed; rows keep the files' order. PRAGMA foreign_key_check is empty.
#
# Usage (Python 3, standard library only):
#   python3 slack-build.py <apache-superset+examples-data git dir | folder holding the CSVs> [out.db]
#   e.g. python3 slack-build.py /work/.mirror/apache-superset+examples-data/repo slack.db
#   then gzip -9 -n -c slack.db > slack.db.gz
import csv, io, os, re, sqlite3, subprocess, sys

COMMIT = 'c6c268fcd9dc3e6d465279a3744f184a29236497'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
OUT = sys.argv[2] if len(sys.argv) > 2 else 'slack.db'
DIR = 'datasets/examples/slack/'


def source(name):
    for f in (os.path.join(SRC, name), os.path.join(SRC, DIR, name)):
        if os.path.isfile(f):
            with open(f, 'rb') as fh:
                return fh.read()
    return subprocess.run(['git', '--git-dir=' + SRC, 'show', f'{COMMIT}:{DIR}{name}'],
                          capture_output=True, check=True).stdout


def rows(name):
    text = source(name + '.csv').decode('utf-8')
    r = csv.reader(io.StringIO(text, newline=''))
    head = next(r)
    return head, [dict(zip(head, x)) for x in r]


# (column, type) in file order; None marks a dropped (empty) column. Types: T text, I integer,
# R real, B flag (true -> 1, empty -> NULL), J JSON text ('null' -> NULL), D datetime text.
SCHEMA = {
    'users': dict(
        cols='color:T deleted:B has_2fa:- id:T is_admin:B is_app_user:B is_bot:B is_owner:B '
             'is_primary_owner:B is_restricted:- is_ultra_restricted:- name:T real_name:T '
             'team_id:T tz:T tz_label:T tz_offset:I updated:D',
        extra=['PRIMARY KEY (id)']),
    'channels': dict(
        cols='channel_id:- created:D creator:T id:T is_archived:B is_channel:B is_ext_shared:- '
             'is_general:B is_group:B is_im:- is_member:B is_mpim:- is_org_shared:- '
             'is_pending_ext_shared:- is_private:B is_shared:- members:- name:T '
             'name_normalized:T num_members:I parent_conversation:- pending_connected_team_ids:- '
             'pending_shared:- previous_names:J purpose__creator:T purpose__last_set:D '
             'purpose__value:T shared_team_ids:T topic__creator:T topic__last_set:D '
             'topic__value:T unlinked:D',
        extra=['PRIMARY KEY (id)', 'UNIQUE (name)',
               'FOREIGN KEY (creator) REFERENCES users (id)',
               'FOREIGN KEY (purpose__creator) REFERENCES users (id)',
               'FOREIGN KEY (topic__creator) REFERENCES users (id)']),
    'channel_members': dict(
        cols='channel_id:T user_id:T',
        extra=['PRIMARY KEY (channel_id, user_id)',
               'FOREIGN KEY (channel_id) REFERENCES channels (id)',
               'FOREIGN KEY (user_id) REFERENCES users (id)']),
    'users_channels': dict(
        cols='name:T user_id:T',
        extra=['PRIMARY KEY (name, user_id)',
               'FOREIGN KEY (name) REFERENCES channels (name)',
               'FOREIGN KEY (user_id) REFERENCES users (id)']),
    'messages': dict(
        cols='blocks:J bot_id:T bot_profile__app_id:T bot_profile__deleted:- bot_profile__id:T '
             'bot_profile__name:T bot_profile__team_id:T bot_profile__updated:D channel_id:T '
             'client_msg_id:T display_as_bot:- file_id:- file_ids:J icons__emoji:- inviter:T '
             'is_delayed_message:- is_intro:- is_starred:- last_read:- latest_reply:T name:T '
             'old_name:T parent_user_id:T permalink:- pinned_to:J purpose:T reactions:J '
             'reply_count:I reply_users:J reply_users_count:I source_team:- subscribed:- '
             'subtype:T team:T text:T thread_ts:T topic:T ts:D type:T unread_count:- upload:B '
             'user:T user_team:- username:-',
        extra=['PRIMARY KEY (channel_id, thread_ts)',
               'FOREIGN KEY (channel_id) REFERENCES channels (id)',
               'FOREIGN KEY (inviter) REFERENCES users (id)',
               'FOREIGN KEY (parent_user_id) REFERENCES users (id)',
               'FOREIGN KEY (user) REFERENCES users (id)']),
    'threads': dict(
        cols='blocks:J channel_id:T client_msg_id:T latest_reply:T reply_count:I reply_users:J '
             'reply_users_count:I subscribed:- team:T text:T thread_ts:T ts:D type:T user:T',
        extra=['PRIMARY KEY (channel_id, thread_ts)',
               'FOREIGN KEY (channel_id) REFERENCES channels (id)',
               'FOREIGN KEY (user) REFERENCES users (id)']),
    'exported_stats': dict(
        cols='date:T total_membership:I full_members:I guests:I daily_active_members:I '
             'daily_members_posting_messages:I weekly_active_members:I '
             'weekly_members_posting_messages:I messages_in_public_channels:I '
             'messages_in_private_channels:I messages_in_shared_channels:I messages_in_dms:I '
             'percent_of_messages_public_channels:R percent_of_messages_private_channels:R '
             'percent_of_messages_dms:R percent_of_views_public_channels:R '
             'percent_of_views_private_channels:R percent_of_views_dms:R name:I '
             'public_channels_single_workspace:I messages_posted:I',
        extra=['PRIMARY KEY (date)']),
}
SQLTYPE = {'T': 'TEXT', 'I': 'INTEGER', 'R': 'REAL', 'B': 'INTEGER', 'J': 'TEXT', 'D': 'TEXT'}
ALWAYS_EMPTY = {'pending_connected_team_ids': '[]', 'pending_shared': '[]'}
PLACEHOLDERS = ['UDFNJM85P', 'USLACKBOT', 'UDBV75S6M', 'U8JH7A18E', 'UCU0EDMPT', 'UEJ84UYCX',
                'UEQLDBD6G', 'UERJQF55Y', 'UEXJF7RUK']
DT = re.compile(r'^(\d{4}-\d{2}-\d{2}) (\d{1,2}):(\d{2}):(\d{2})$')


def convert(kind, v, col):
    if v == '':
        return None
    if kind == 'T':
        return v
    if kind == 'J':
        return None if v == 'null' else v
    if kind == 'B':
        if v not in ('True', 'TRUE'):
            raise ValueError(f'{col}: flag {v!r}')
        return 1
    if kind == 'I':
        f = float(v)
        if f != int(f):
            raise ValueError(f'{col}: not an integer {v!r}')
        return int(f)
    if kind == 'R':
        return float(v)
    if kind == 'D':
        m = DT.match(v)
        if not m:
            raise ValueError(f'{col}: datetime {v!r}')
        return f'{m.group(1)} {int(m.group(2)):02d}:{m.group(3)}:{m.group(4)}'
    raise ValueError(kind)


def main():
    if os.path.exists(OUT):
        os.remove(OUT)
    db = sqlite3.connect(OUT)
    db.execute('PRAGMA foreign_keys = OFF')
    counts = {}
    for table, spec in SCHEMA.items():
        cols = [c.rsplit(':', 1) for c in spec['cols'].split()]
        head, data = rows(table)
        if head != [c for c, _ in cols]:
            raise SystemExit(f'{table}: header {head} differs from the expected columns')
        for c, k in cols:
            if k == '-':
                bad = [r[c] for r in data if r[c] not in ('', ALWAYS_EMPTY.get(c))]
                if bad:
                    raise SystemExit(f'{table}.{c} dropped as empty but has {bad[:3]}')
        keep = [(c, k) for c, k in cols if k != '-']
        defs = [f'"{c}" {SQLTYPE[k]}' for c, k in keep] + spec['extra']
        db.execute(f'CREATE TABLE {table} (\n  ' + ',\n  '.join(defs) + '\n)')
        out = [[convert(k, r[c], f'{table}.{c}') for c, k in keep] for r in data]
        if table == 'users':
            ids = {r[3] for r in out}
            assert not ids & set(PLACEHOLDERS)
            out += [[pid if c == 'id' else None for c, _ in keep] for pid in PLACEHOLDERS]
        ph = ', '.join('?' * len(keep))
        db.executemany(f'INSERT INTO {table} VALUES ({ph})', out)
        counts[table] = len(out)
    db.commit()
    fk = db.execute('PRAGMA foreign_key_check').fetchall()
    if fk:
        raise SystemExit(f'unresolved references: {fk[:5]} ({len(fk)})')
    # every placeholder must be needed
    used = set()
    for q in ('SELECT user FROM messages', 'SELECT inviter FROM messages',
              'SELECT parent_user_id FROM messages', 'SELECT user FROM threads',
              'SELECT creator FROM channels', 'SELECT purpose__creator FROM channels',
              'SELECT topic__creator FROM channels', 'SELECT user_id FROM channel_members',
              'SELECT user_id FROM users_channels'):
        used |= {r[0] for r in db.execute(q)}
    assert set(PLACEHOLDERS) <= used, set(PLACEHOLDERS) - used
    refs = 0
    for table in SCHEMA:
        for fkrow in db.execute(f'PRAGMA foreign_key_list({table})').fetchall():
            col = fkrow[3]
            refs += db.execute(f'SELECT COUNT("{col}") FROM {table}').fetchone()[0]
    db.execute('VACUUM')
    db.close()
    for t, n in counts.items():
        print(f'{t}: {n} rows')
    print(f'{refs} non-NULL references, all resolved')


main()

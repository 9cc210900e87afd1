#!/usr/bin/env python3
# Builds quantum_se.db: the Stack Exchange data dump of Quantum Computing Stack Exchange
# (quantumcomputing.stackexchange.com), a question-and-answer site of the Stack Exchange network,
# from its launch on 2018-03-12 to 2018-09-02: 612 questions, 1,060 answers, 3,413 comments,
# 12,560 votes, 4,671 badges and 3,461 user accounts.
#
# Data: the Stack Exchange Data Dump (https://archive.org/details/stackexchange), published by
#   Stack Exchange, Inc. under CC BY-SA (content contributed before 2018-05-02 under CC BY-SA 3.0,
#   later content under CC BY-SA 4.0); the dump's files for this site are Posts.xml, Users.xml,
#   Comments.xml, Votes.xml, Badges.xml, Tags.xml, PostLinks.xml and PostHistory.xml. Its latest
#   timestamp is 2018-09-02 02:51:36 UTC, so it is the dump taken in early September 2018.
#   See quantum_se.LICENSE.
# Copy used (archive.org is not on GitHub): github.com/Jean-Low/StackERedes, commit
#   b6ea69d57d00b90370d0b6f89fae522ffebf6a6e (2018-12-05, "finished?", the newest), folder data/,
#   added unchanged in 3810a4fa6c25301551c3539fa7925afec5a68d2a (2018-11-23, "firwst up"): the
#   dump's XML files for the site as the dump ships them (UTF-8 with byte-order mark, one <row .../>
#   per line, absent attribute = NULL). data/PostHistory.xml (>= 4 MiB) is absent from the stored
#   snapshot and is not used. The repository (a university social-network-analysis project) has
#   no licence file of its own; the data's licence is Stack Exchange's.
#
# Usage (Python 3, standard library only):
#   python3 quantum_se-build.py <Jean-Low+StackERedes git dir> <out.db>
#   e.g. python3 quantum_se-build.py /work/.mirror/Jean-Low+StackERedes/repo quantum_se.db
#   then gzip -9 -n quantum_se.db
# The XML files are read from the pinned commit with `git --git-dir=<dir> show <commit>:<path>`.
#
# Naming (kept from the dump and the Stack Exchange Data Explorer, SEDE): PascalCase plural table
# names (Posts, Users, Comments, Votes, Badges, Tags, PostLinks), every key column named Id, foreign
# keys <Thing>Id (PostTypeId, OwnerUserId, LastEditorUserId, ParentId, AcceptedAnswerId, PostId,
# RelatedPostId, UserId, VoteTypeId, LinkTypeId, ExcerptPostId, WikiPostId), timestamps
# <Event>Date (CreationDate, LastEditDate, LastActivityDate, LastAccessDate, ClosedDate,
# CommunityOwnedDate; Badges.Date), counters <Thing>Count (ViewCount, AnswerCount, CommentCount,
# FavoriteCount; Tags.Count). Questions and answers share one table, Posts, told apart by
# PostTypeId (1 Question, 2 Answer; 4 TagWikiExcerpt and 5 TagWiki are the tags' wiki texts, owned
# by the Community user -1); an answer's ParentId is its question, a question's AcceptedAnswerId
# the answer its asker accepted; a question's Tags is a string like '<qubit><quantum-gate>'.
# Codes without a lookup table in the dump: Badges.Class 1 gold, 2 silver, 3 bronze;
# PostLinks.LinkTypeId 1 linked, 3 duplicate (PostId is a duplicate of RelatedPostId). Votes are
# anonymous except favourites (VoteTypeId 5) and bounties (8 BountyStart, with BountyAmount in
# reputation points; 9 BountyClose, the amount awarded), which carry UserId; a vote's CreationDate
# is its day only. Users.Id -1 is 'Community', the site's bot account; Reputation 1 is a new
# account, 101 the association bonus of users known from other Stack Exchange sites; UpVotes and
# DownVotes are the votes a user has cast, Views the views of the user's profile.
#
# Tables (row counts; columns in SEDE order; PRIMARY KEY Id unless said otherwise):
#   PostTypes (8): Id, Name ('Question', 'Answer', 'Wiki', 'TagWikiExcerpt', 'TagWiki',
#       'ModeratorNomination', 'WikiPlaceholder', 'PrivilegeWiki') -- SEDE's lookup table, not in
#       the dump; written here.
#   VoteTypes (14): Id, Name ('AcceptedByOriginator', 'UpMod', 'DownMod', 'Offensive', 'Favorite',
#       'Close', 'Reopen', 'BountyStart', 'BountyClose', 'Deletion', 'Undeletion', 'Spam',
#       'ModeratorReview' (15), 'ApproveEditSuggestion' (16)) -- SEDE's lookup table, not in the
#       dump; written here with the ids the dump documentation of the time lists.
#   Users (3,461): Id, Reputation, CreationDate, DisplayName, LastAccessDate, WebsiteUrl, Location
#       (free text: 'India', 'London, United Kingdom', ...), Views, UpVotes, DownVotes, AccountId
#       (the network-wide account).
#   Posts (1,986: 612 questions, 1,060 answers, 157 + 157 tag wiki texts): Id, PostTypeId ->
#       PostTypes, AcceptedAnswerId -> Posts, ParentId -> Posts, CreationDate, Score (upvotes minus
#       downvotes), ViewCount (questions), Body (HTML), OwnerUserId -> Users (NULL for 2 posts of
#       deleted users), OwnerDisplayName, LastEditorUserId -> Users, LastEditDate,
#       LastActivityDate, Title, Tags, AnswerCount, CommentCount, FavoriteCount, ClosedDate (30
#       closed questions), CommunityOwnedDate. (LastEditorDisplayName, never filled here, is left
#       out.)
#   Tags (154): Id, TagName UNIQUE, Count (questions carrying the tag), ExcerptPostId -> Posts,
#       WikiPostId -> Posts.
#   PostTags (1,553): PRIMARY KEY (PostId, TagId), PostId -> Posts, TagId -> Tags -- SEDE's
#       question-tag table, not in the dump; built here by splitting each question's Tags (every
#       tag is in Tags, and the rows per tag equal Tags.Count).
#   Comments (3,413): Id, PostId -> Posts, Score, Text, CreationDate, UserDisplayName, UserId ->
#       Users.
#   Votes (12,560): Id, PostId, VoteTypeId -> VoteTypes, UserId -> Users, CreationDate,
#       BountyAmount. PostId is not declared a foreign key: 587 votes are on posts deleted before
#       the dump (not in Posts).
#   Badges (4,671): Id, UserId -> Users, Name ('Autobiographer', 'Nice Answer', 'Fanatic', ...),
#       Date, Class, TagBased (1/0).
#   PostLinks (327): Id, CreationDate, PostId, RelatedPostId, LinkTypeId. PostId and RelatedPostId
#       are not declared foreign keys: 22 links involve a deleted post.
# PRAGMA foreign_key_check is clean.
#
# Changed (only what SQLite needs): numbers as INTEGER; timestamps '2018-03-12T17:14:46.030'
# (UTC) as '2018-03-12 17:14:46' (milliseconds dropped); a vote's '2018-03-12T00:00:00.000' as
# '2018-03-12'; TagBased 'True'/'False' as 1/0; XML entities decoded (Body and Text keep their
# HTML/Markdown as written).
# Left out: PostHistory.xml (absent from the snapshot); to stay under 2 MB, the users' AboutMe
# (HTML profile text) and ProfileImageUrl. Nothing else is subset.
#
import os, sqlite3, subprocess, sys
import xml.etree.ElementTree as ET

COMMIT = 'b6ea69d57d00b90370d0b6f89fae522ffebf6a6e'
GIT, OUT = sys.argv[1], sys.argv[2]


def rows(name):
    data = subprocess.run(['git', '--git-dir', GIT, 'show', f'{COMMIT}:data/{name}.xml'],
                          check=True, capture_output=True).stdout
    root = ET.fromstring(data.decode('utf-8-sig').encode('utf-8'))
    assert root.tag == name.lower(), root.tag
    return [r.attrib for r in root if r.tag == 'row']


def ts(v):   # '2018-03-12T17:14:46.030' -> '2018-03-12 17:14:46'
    assert len(v) == 23 and v[10] == 'T' and v[19] == '.', v
    return v[:10] + ' ' + v[11:19]


def day(v):  # votes carry only the day: '2018-03-12T00:00:00.000' -> '2018-03-12'
    assert v.endswith('T00:00:00.000'), v
    return v[:10]


def boolean(v):
    return {'True': 1, 'False': 0}[v]


# table -> (DDL, [(column, converter)]) ; column order as in SEDE / the dump documentation
I, T = int, str
TABLES = [
    ('PostTypes', '''CREATE TABLE PostTypes (
  Id INTEGER PRIMARY KEY,
  Name TEXT NOT NULL)''', None),
    ('VoteTypes', '''CREATE TABLE VoteTypes (
  Id INTEGER PRIMARY KEY,
  Name TEXT NOT NULL)''', None),
    ('Users', '''CREATE TABLE Users (
  Id INTEGER PRIMARY KEY,
  Reputation INTEGER NOT NULL,
  CreationDate TEXT NOT NULL,
  DisplayName TEXT NOT NULL,
  LastAccessDate TEXT NOT NULL,
  WebsiteUrl TEXT,
  Location TEXT,
  Views INTEGER NOT NULL,
  UpVotes INTEGER NOT NULL,
  DownVotes INTEGER NOT NULL,
  AccountId INTEGER)''',
     [('Id', I), ('Reputation', I), ('CreationDate', ts), ('DisplayName', T),
      ('LastAccessDate', ts), ('WebsiteUrl', T), ('Location', T), ('Views', I),
      ('UpVotes', I), ('DownVotes', I), ('AccountId', I)]),
    ('Posts', '''CREATE TABLE Posts (
  Id INTEGER PRIMARY KEY,
  PostTypeId INTEGER NOT NULL REFERENCES PostTypes (Id),
  AcceptedAnswerId INTEGER REFERENCES Posts (Id),
  ParentId INTEGER REFERENCES Posts (Id),
  CreationDate TEXT NOT NULL,
  Score INTEGER NOT NULL,
  ViewCount INTEGER,
  Body TEXT,
  OwnerUserId INTEGER REFERENCES Users (Id),
  OwnerDisplayName TEXT,
  LastEditorUserId INTEGER REFERENCES Users (Id),
  LastEditDate TEXT,
  LastActivityDate TEXT NOT NULL,
  Title TEXT,
  Tags TEXT,
  AnswerCount INTEGER,
  CommentCount INTEGER,
  FavoriteCount INTEGER,
  ClosedDate TEXT,
  CommunityOwnedDate TEXT)''',
     [('Id', I), ('PostTypeId', I), ('AcceptedAnswerId', I), ('ParentId', I),
      ('CreationDate', ts), ('Score', I), ('ViewCount', I), ('Body', T), ('OwnerUserId', I),
      ('OwnerDisplayName', T), ('LastEditorUserId', I), ('LastEditDate', ts),
      ('LastActivityDate', ts), ('Title', T), ('Tags', T), ('AnswerCount', I),
      ('CommentCount', I), ('FavoriteCount', I), ('ClosedDate', ts),
      ('CommunityOwnedDate', ts)]),
    ('Tags', '''CREATE TABLE Tags (
  Id INTEGER PRIMARY KEY,
  TagName TEXT NOT NULL UNIQUE,
  Count INTEGER NOT NULL,
  ExcerptPostId INTEGER REFERENCES Posts (Id),
  WikiPostId INTEGER REFERENCES Posts (Id))''',
     [('Id', I), ('TagName', T), ('Count', I), ('ExcerptPostId', I), ('WikiPostId', I)]),
    ('PostTags', '''CREATE TABLE PostTags (
  PostId INTEGER NOT NULL REFERENCES Posts (Id),
  TagId INTEGER NOT NULL REFERENCES Tags (Id),
  PRIMARY KEY (PostId, TagId)) WITHOUT ROWID''', None),
    ('Comments', '''CREATE TABLE Comments (
  Id INTEGER PRIMARY KEY,
  PostId INTEGER NOT NULL REFERENCES Posts (Id),
  Score INTEGER NOT NULL,
  Text TEXT NOT NULL,
  CreationDate TEXT NOT NULL,
  UserDisplayName TEXT,
  UserId INTEGER REFERENCES Users (Id))''',
     [('Id', I), ('PostId', I), ('Score', I), ('Text', T), ('CreationDate', ts),
      ('UserDisplayName', T), ('UserId', I)]),
    ('Votes', '''CREATE TABLE Votes (
  Id INTEGER PRIMARY KEY,
  PostId INTEGER NOT NULL,
  VoteTypeId INTEGER NOT NULL REFERENCES VoteTypes (Id),
  UserId INTEGER REFERENCES Users (Id),
  CreationDate TEXT NOT NULL,
  BountyAmount INTEGER)''',
     [('Id', I), ('PostId', I), ('VoteTypeId', I), ('UserId', I), ('CreationDate', day),
      ('BountyAmount', I)]),
    ('Badges', '''CREATE TABLE Badges (
  Id INTEGER PRIMARY KEY,
  UserId INTEGER NOT NULL REFERENCES Users (Id),
  Name TEXT NOT NULL,
  Date TEXT NOT NULL,
  Class INTEGER NOT NULL,
  TagBased INTEGER NOT NULL)''',
     [('Id', I), ('UserId', I), ('Name', T), ('Date', ts), ('Class', I),
      ('TagBased', boolean)]),
    ('PostLinks', '''CREATE TABLE PostLinks (
  Id INTEGER PRIMARY KEY,
  CreationDate TEXT NOT NULL,
  PostId INTEGER NOT NULL,
  RelatedPostId INTEGER NOT NULL,
  LinkTypeId INTEGER NOT NULL)''',
     [('Id', I), ('CreationDate', ts), ('PostId', I), ('RelatedPostId', I),
      ('LinkTypeId', I)]),
]

# left out to stay under 2 MB: the users' HTML profile text and avatar addresses
DROPPED = {'Users': {'AboutMe', 'ProfileImageUrl'}}

# SEDE's PostTypes and VoteTypes (names as in SEDE; VoteTypes as documented for the dump at
# the time: 13 and 14 and the later Teams/collective types are not in it)
POST_TYPES = [(1, 'Question'), (2, 'Answer'), (3, 'Wiki'), (4, 'TagWikiExcerpt'), (5, 'TagWiki'),
              (6, 'ModeratorNomination'), (7, 'WikiPlaceholder'), (8, 'PrivilegeWiki')]
VOTE_TYPES = [(1, 'AcceptedByOriginator'), (2, 'UpMod'), (3, 'DownMod'), (4, 'Offensive'),
              (5, 'Favorite'), (6, 'Close'), (7, 'Reopen'), (8, 'BountyStart'), (9, 'BountyClose'),
              (10, 'Deletion'), (11, 'Undeletion'), (12, 'Spam'), (15, 'ModeratorReview'),
              (16, 'ApproveEditSuggestion')]

if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
for name, ddl, cols in TABLES:
    db.execute(ddl)
    if name == 'PostTypes':
        db.executemany('INSERT INTO PostTypes VALUES (?, ?)', POST_TYPES)
    elif name == 'VoteTypes':
        db.executemany('INSERT INTO VoteTypes VALUES (?, ?)', VOTE_TYPES)
    elif name == 'PostTags':
        # SEDE's PostTags: one row per question and tag, from the question's Tags '<a><b>'
        tag_id = dict(db.execute('SELECT TagName, Id FROM Tags'))
        pairs = []
        for pid, tags in db.execute('SELECT Id, Tags FROM Posts WHERE Tags IS NOT NULL'):
            assert tags.startswith('<') and tags.endswith('>'), tags
            for t in tags[1:-1].split('><'):
                pairs.append((pid, tag_id[t]))
        db.executemany('INSERT INTO PostTags VALUES (?, ?)', pairs)
    else:
        data = rows(name)
        known = {c for c, _ in cols} | DROPPED.get(name, set())
        for r in data:
            assert set(r) <= known, (name, set(r) - known)
        db.executemany(f'INSERT INTO {name} VALUES ({", ".join("?" * len(cols))})',
                       [tuple(None if r.get(c) is None else f(r[c]) for c, f in cols)
                        for r in data])
db.commit()
assert db.execute('PRAGMA foreign_key_check').fetchall() == []
for name, _, _ in TABLES:
    print(name, db.execute(f'SELECT COUNT(*) FROM {name}').fetchone()[0])
db.execute('VACUUM')
db.close()

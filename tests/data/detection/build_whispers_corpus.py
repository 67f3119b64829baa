"""Build the whispers part of the held-out development corpus (see README.md here).

whispers (a structured-text secret scanner; no detector here calls it) tests its rules on
``tests/fixtures/``: config files of every common syntax (YAML, JSON, XML, INI,
``.properties``, ``.npmrc``, ``.pypirc``, ``.htpasswd``, ``.dockercfg``, Dockerfiles, shell
scripts, Gradle builds, nginx and pip configuration, source files of 15 languages), half
of each written to be flagged and half written not to be: placeholders, template slots,
variables, paths and words that only contain a secret's name. Its tests count findings per
file and per severity, and a finding's value carries the word "hardcoded" by convention,
but that convention is about its rules (``paths.yml`` lists ``hardcoded01`` as compliant
because it is not a path; ``excluded.yml`` holds a literal password that its
configuration excludes), so every distinct line was labelled by hand, once, before any
detector here ran on it, by the criterion of ``build_negatives_corpus.py`` (a literal
credential is a ``secret``; a placeholder, reference, empty value, code that handles a
password, host, path, public id or ordinary data is ``benign``; bare values nothing names,
values that are the word naming them, values under four characters and half-placeholder
values are left out). Figures on this part therefore depend on labels we wrote.

The strings: every line of the text fixtures that holds a letter or a digit after its
first non-space characters and is not only a section marker, a bracket or a comment; each
distinct line once, at most ``PER_FILE`` per fixture (picked by a hash of the case id),
texts longer than a memory left out. Run once, from the repository root, with a checkout of
the commit it was built from:

    git clone https://github.com/adeptex/whispers /tmp/whispers
    git -C /tmp/whispers checkout 458ca32084dcceccaa7a26a9e3e8c967dd6b3f1f
    python tests/data/detection/build_whispers_corpus.py /tmp/whispers

Each string is placed in the sentence templates of the other scanners' examples. It writes
``whispers_tuning.jsonl`` and ``whispers_sealed.jsonl`` beside this file: every case goes
to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed), decided before any
detector was adjusted on it. The tests read only the two JSONL files.
"""

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from build_dev_corpus import capped_lines, labelled_line_cases, write_split

PER_FILE = 8
# Lines that carry no value: a section marker, brackets and punctuation, a comment.
_MARKER = re.compile(r"^\W*(?:non)?compliant\W*$|^[\W_]*$|^(?:#|//|<!--|;)", re.IGNORECASE)

# (fixture:line): the label, decided from the string alone; the comment starts it.
LABELS: dict[str, str] = {
    ".aws/credentials:4": "benign",  # aws_session_token = ""
    ".aws/credentials:8": "secret",  # aws_secret_access_key = hardcodeda8MjmIX
    ".aws/credentials:3": "benign",  # aws_secret_access_key = {{ SECRET_ACCESS
    ".aws/credentials:2": "benign",  # aws_access_key_id =
    ".aws/credentials:7": "benign",  # aws_access_key_id = AKIAHARDCODEDACCKEY7
    ".dockercfg:2": "benign",  # "auths": {
    ".dockercfg:14": "benign",  # "https://index.docker.io/v1/compliant4":
    ".dockercfg:3": "benign",  # "https://index.docker.io/v1/compliant1":
    ".dockercfg:19": "skip",  # "auth": "123",
    ".dockercfg:23": "secret",  # "auth": "QVdTOmhhcmRjb2RlZAo=",
    ".dockercfg:7": "benign",  # "https://index.docker.io/v1/compliant2":
    ".dockercfg:15": "secret",  # "auth": "zq212MzhardcodedDoesNotDecodeTo
    ".dockercfg:8": "benign",  # "auth": "",
    ".htpasswd:2": "benign",  # compliant2:
    ".htpasswd:3": "secret",  # noncompliant1:$apr1$l0cpzs5a$vQK3lmgMGvc
    ".htpasswd:4": "secret",  # noncompliant2:Sc0ZiCkjrTRbLgphardcoded
    ".htpasswd:1": "benign",  # compliant1
    ".pypirc:12": "secret",  # password: hardcoded
    ".pypirc:11": "benign",  # username: username
    ".pypirc:4": "benign",  # password: $${PYPI_PASSWORD}
    ".pypirc:10": "benign",  # repository: https://pypi.example.com
    ".pypirc:7": "benign",  # password:
    "Dockerfile:7": "benign",  # ENV DRONE_TOKEN {DRONE_TOKEN}
    "Dockerfile:1": "benign",  # FROM skyscanner:latest
    "Dockerfile:5": "benign",  # ENV DRONE_TOKEN "{{ DRONE_TOKEN }}"
    "Dockerfile:13": "benign",  # ENV DRONE_TOKEN=$DRONE_TOKEN
    "Dockerfile:11": "benign",  # ENV DRONE_TOKEN={{ DRONE_TOKEN }}
    "Dockerfile:4": "benign",  # ENV DRONE_TOKEN ""
    "Dockerfile:17": "secret",  # ENV DRONE_TOKEN=YXNkZmZmZmZm_HARDcoded
    "Dockerfile:18": "secret",  # ENV DRONE_TOKEN="YXNkZmZmZmZm_HARDcoded"
    "Groups.xml:2": "benign",  # <Groups clsid="{id}">
    "Groups.xml:12": "skip",  # </Groups>
    "Groups.xml:9": "benign",  # <User clsid="{noncompliant-02}" name="Us
    "Groups.xml:11": "skip",  # </User>
    "Groups.xml:1": "benign",  # <?xml version="1.0" encoding="utf-8"?>
    "Groups.xml:7": "secret",  # <Properties action="C" fullName="" descr
    "Groups.xml:4": "benign",  # <Properties action="C" fullName="" descr
    "Groups.xml:3": "benign",  # <User clsid="{compliant-01}" name="Admin
    "apikeys-known.yml:20": "secret",  # Github02: 'gho_fK8UXjzPM1Lzf356hwgGym4JA
    "apikeys-known.yml:35": "secret",  # NewRelic02: 'NRRA-7e3783c4b144e1df7ffeda
    "apikeys-known.yml:21": "secret",  # Github03: 'ghu_fK8UXjzPM1Lzf356hwgGym4JA
    "apikeys-known.yml:37": "secret",  # NewRelic04: 'NRII-wHO8T01TEfIZibjO6DHo13
    "apikeys-known.yml:42": "secret",  # Sendgrid01: 'SG.v78tOvilpOAzGBB8Z4FHLx.s
    "apikeys-known.yml:18": "secret",  # Frameio01: 'fio-u-21jSsovZn92sIFzSqx0NA8
    "apikeys-known.yml:43": "secret",  # Slack01: 'xapp-1-HARDcoded00-16352724033
    "apikeys.json:13": "secret",  # "Google_token": "YXNkZmZmZmZm_HARDcoded"
    "apikeys.json:18": "secret",  # "NUMERIC_APIKEY": 1925483168813050783076
    "apikeys.json:7": "secret",  # "apikey": "YXNkZmZmZmZm_HARDcoded",
    "apikeys.json:14": "benign",  # "environment": [
    "apikeys.json:16": "secret",  # {"license_key": "YXNkZmZmZmZm_HARDcoded"
    "apikeys.json:12": "secret",  # "GITLAB_KEY": "YXNkZmZmZmZm_HARDcoded",
    "apikeys.json:11": "secret",  # "slackKey": "YXNkZmZmZmZm_HARDcoded",
    "apikeys.json:19": "secret",  # "bearer": [{"key": "token", "value": "ha
    "apikeys.xml:8": "secret",  # <apikey>YXNkZmZmZmZm_HARDcoded</apikey>
    "apikeys.xml:20": "secret",  # <value>hardcoded-bearer-v41u3-01</value>
    "apikeys.xml:13": "secret",  # <GITLAB_KEY>YXNkZmZmZmZm_HARDcoded</GITL
    "apikeys.xml:2": "benign",  # <tests>
    "apikeys.xml:18": "benign",  # <bearer>
    "apikeys.xml:22": "secret",  # <bearer key="token" value="hardcoded-bea
    "apikeys.xml:17": "secret",  # <NUMERIC_APIKEY>1925483168813050783076</
    "apikeys.xml:16": "secret",  # <license_key>YXNkZmZmZmZm_HARDcoded</lic
    "apikeys.yml:16": "secret",  # GITLAB_KEY: YXNkZmZmZmZm_HARDcoded
    "apikeys.yml:2": "skip",  # key: test
    "apikeys.yml:20": "secret",  # - license_key: YXNkZmZmZmZm_HARDcoded
    "apikeys.yml:11": "secret",  # apikey: YXNkZmZmZmZm_HARDcoded
    "apikeys.yml:23": "benign",  # - key: token
    "apikeys.yml:19": "secret",  # - GITHUBKEY=YXNkZmZmZmZm_HARDcoded
    "apikeys.yml:21": "secret",  # NUMERIC_APIKEY: 1925483168813050783076
    "apikeys.yml:5": "benign",  # - Booking-ID
    "arn.xml:5": "benign",  # <ok02>arn:aws:kms:{REGION}:{ACCOUNT}:key
    "arn.xml:4": "benign",  # <ok01>aws:arn:</ok01>
    "arn.xml:8": "benign",  # <arn01>arn:aws:kms:eu-central-1:12345612
    "arn.xml:10": "benign",  # <arn03>arn:aws:iam::123456123456:oidc-pr
    "arn.xml:9": "benign",  # <arn02>arn:aws:kms:ap-southeast-1:123456
    "arn.yml:2": "benign",  # arn01: "aws:arn:"
    "arn.yml:9": "benign",  # arn03: arn:aws:iam::123456123456:oidc-pr
    "arn.yml:7": "benign",  # arn01: arn:aws:kms:eu-central-1:12345612
    "arn.yml:3": "benign",  # arn02: arn:aws:kms:{REGION}:{ACCOUNT}:ke
    "arn.yml:8": "benign",  # arn02: arn:aws:kms:ap-southeast-1:123456
    "arn.yml:11": "benign",  # - arn:aws:kms:eu-central-1:123456123456:
    "arn.yml:10": "benign",  # arn_list:
    "ast/build.gradle.kts:4": "benign",  # credentials {
    "ast/build.gradle.kts:5": "benign",  # username = "admin"
    "ast/build.gradle.kts:3": "benign",  # url = uri("http://repo.example.com")
    "ast/build.gradle.kts:6": "secret",  # password = "hardcoded01"
    "ast/build.gradle.kts:2": "benign",  # ivy {
    "ast/build.gradle.kts:1": "benign",  # repositories {
    "ast/fixture.c:8": "benign",  # void compliant() {
    "ast/fixture.c:24": "secret",  # auth.token = "ea3314920e4ed4dabb16b8a442
    "ast/fixture.c:13": "benign",  # char variable_password05[] = "{{ THIS_IS
    "ast/fixture.c:9": "benign",  # char password[] = "";
    "ast/fixture.c:15": "benign",  # char variable_password07[] = "{ password
    "ast/fixture.c:23": "secret",  # static_password05 = "hardcoded05";
    "ast/fixture.c:17": "benign",  # const char msg[] = "Here is a long, comp
    "ast/fixture.c:22": "secret",  # const char static_password04[255] = "har
    "ast/fixture.cpp:5": "secret",  # const std::string STATIC_TOKEN = getenv(
    "ast/fixture.cpp:23": "secret",  # std::string static_password05 = "hardcod
    "ast/fixture.cpp:12": "benign",  # std::string variable_password04 = "{{ pa
    "ast/fixture.cpp:11": "benign",  # const char variable_password03 = "${pass
    "ast/fixture.cpp:4": "benign",  # const std::string VARIABLE_TOKEN = geten
    "ast/fixture.cs:2": "secret",  # String VARIABLE_TOKEN = Environment.GetE
    "ast/fixture.cs:9": "benign",  # string variable_password04 = "{{ passwor
    "ast/fixture.cs:21": "secret",  # String static_password06 = "hardcoded06"
    "ast/fixture.cs:20": "secret",  # string static_password05 = "hardcoded05"
    "ast/fixture.cs:10": "benign",  # String variable_password05 = "{{ THIS_IS
    "ast/fixture.cs:22": "secret",  # auth.Add("token", "ea3314920e4ed4dabb16b
    "ast/fixture.cs:1": "benign",  # String VARIABLE_TOKEN = Environment.GetE
    "ast/fixture.go:12": "benign",  # var variable_password08 = os.Getenv("API
    "ast/fixture.go:15": "benign",  # var1, var2 := "mismatched key-value leng
    "ast/fixture.go:11": "benign",  # var variable_password07 = "{ password }"
    "ast/fixture.go:13": "benign",  # msg := "Here is a long, compliant string
    "ast/fixture.go:9": "benign",  # var variable_password05 = "{{ THIS_IS_A_
    "ast/fixture.go:18": "benign",  # func noncompliant() {
    "ast/fixture.go:24": "secret",  # static_password09 := "hardcoded09";
    "ast/fixture.go:20": "secret",  # static_password04, static_password05 :=
    "ast/fixture.java:9": "benign",  # String variable_password03 = "${password
    "ast/fixture.java:19": "benign",  # public class noncompliant {
    "ast/fixture.java:23": "secret",  # map.put("password", "hardcoded04");
    "ast/fixture.java:5": "benign",  # public class compliant {
    "ast/fixture.java:20": "benign",  # public static void main(String[] args) {
    "ast/fixture.java:10": "benign",  # String variable_password04 = "{{ passwor
    "ast/fixture.java:1": "benign",  # static final String VARIABLE_TOKEN = Sys
    "ast/fixture.java:7": "benign",  # String variable_password01 = COMPLIANT_A
    "ast/fixture.js:20": "secret",  # var static_password04 = `hardcoded04`;
    "ast/fixture.js:33": "secret",  # password = "hardcoded09"
    "ast/fixture.js:13": "benign",  # variable_password08 = '{ password }';
    "ast/fixture.js:27": "benign",  # 'username': 'admin',
    "ast/fixture.js:18": "secret",  # static_password02 = 'hardcoded02';
    "ast/fixture.js:8": "benign",  # let variable_password03 = '${{password}}
    "ast/fixture.js:28": "secret",  # 'token': 'ea3314920e4ed4dabb16b8a4425495
    "ast/fixture.js:1": "benign",  # const VARIABLE_TOKEN = process.env.API_T
    "ast/fixture.kts:23": "secret",  # "token" to "ea3314920e4ed4dabb16b8a44254
    "ast/fixture.kts:2": "secret",  # const val STATIC_TOKEN: String = System.
    "ast/fixture.kts:1": "benign",  # const val VARIABLE_TOKEN: String = Syste
    "ast/fixture.kts:18": "secret",  # var static_password02: String = "hardcod
    "ast/fixture.kts:5": "benign",  # fun compliant() {
    "ast/fixture.kts:8": "benign",  # var variable_password03: String = "${pas
    "ast/fixture.kts:22": "benign",  # "user" to "admin",
    "ast/fixture.kts:17": "benign",  # fun noncompliant() {
    "ast/fixture.lua:18": "secret",  # static_pwd = "hardcoded03"
    "ast/fixture.lua:14": "skip",  # end
    "ast/fixture.lua:7": "benign",  # variable_password02 = "< password >"
    "ast/fixture.lua:24": "secret",  # NONCOMPLIANT_APITOKEN = "ea3314920e4ed4d
    "ast/fixture.lua:10": "benign",  # variable_password05 = "{{ THIS_IS_A_VERY
    "ast/fixture.lua:6": "benign",  # variable_password01 = COMPLIANT_APITOKEN
    "ast/fixture.lua:5": "benign",  # local function compliant()
    "ast/fixture.lua:13": "benign",  # variable_password08 = System.getProperty
    "ast/fixture.php:18": "benign",  # define("dynamic_password", load_password
    "ast/fixture.php:4": "secret",  # define("STATIC_TOKEN", getenv('API_TOKEN
    "ast/fixture.php:22": "benign",  # function noncompliant() {
    "ast/fixture.php:23": "secret",  # $static_password02 = 'hardcoded02';
    "ast/fixture.php:10": "benign",  # $variable_password04 = "{{ password }}";
    "ast/fixture.php:26": "secret",  # "password" => "hardcoded03",
    "ast/fixture.php:29": "secret",  # define("static_password05", "hardcoded05
    "ast/fixture.php:28": "secret",  # define("static_password04", "hardcoded04
    "ast/fixture.py:23": "benign",  # login(password="")
    "ast/fixture.py:26": "benign",  # if 1 == 1:
    "ast/fixture.py:38": "secret",  # if password == "hardcoded10":
    "ast/fixture.py:8": "benign",  # def compliant():
    "ast/fixture.py:27": "benign",  # auth = True
    "ast/fixture.py:22": "benign",  # secrets = get_secrets(config["secret_key
    "ast/fixture.py:30": "benign",  # def noncompliant():
    "ast/fixture.py:19": "benign",  # variable_password11 = compliant()
    "ast/fixture.rb:5": "benign",  # def compliant
    "ast/fixture.rb:13": "benign",  # variable_password08 = aFunctionCall()
    "ast/fixture.rb:24": "secret",  # auth = Auth.new(user: 'admin', token: 'e
    "ast/fixture.rb:22": "secret",  # auth = {user: "admin", token: "ea3314920
    "ast/fixture.rb:7": "benign",  # VARIABLE_PASSWORD03 = "${{password}}"
    "ast/fixture.rb:6": "benign",  # variable_password01 = password
    "ast/fixture.rb:20": "secret",  # auth = {"user": "admin", "token": "ea331
    "ast/fixture.rb:21": "secret",  # auth = {:user => "admin", :token => "ea3
    "ast/fixture.scala:30": "secret",  # "token" -> "ea3314920e4ed4dabb16b8a44254
    "ast/fixture.scala:5": "secret",  # STATIC_TOKEN = System.getenv.envOrElse("
    "ast/fixture.scala:25": "secret",  # var static_password:String = "hardcoded0
    "ast/fixture.scala:14": "benign",  # var variable_password3:String = "${passw
    "ast/fixture.scala:16": "benign",  # var variable_password5 = "{{ THIS_IS_A_V
    "ast/fixture.scala:15": "benign",  # var variable_password4 = "{{ password }}
    "ast/fixture.scala:27": "secret",  # map.put("password", "hardcoded07");
    "ast/fixture.scala:13": "benign",  # val variable_password2 = "< password >";
    "ast/fixture.ts:24": "secret",  # token: `ea3314920e4ed4dabb16b8a44254958a
    "ast/fixture.ts:1": "benign",  # const VARIABLE_TOKEN = process.env.API_T
    "ast/fixture.ts:28": "secret",  # 'token': 'ea3314920e4ed4dabb16b8a4425495
    "ast/fixture.ts:34": "secret",  # setTimeout(() => { login("apikey", "ea33
    "ast/fixture.ts:22": "secret",  # const static_password05 = 'hardcoded05';
    "ast/fixture.ts:26": "secret",  # auth.apikey = 'ea3314920e4ed4dabb16b8a44
    "ast/fixture.ts:32": "secret",  # password = "hardcoded10"
    "ast/fixture.ts:30": "secret",  # auth['apikey'] = 'ea3314920e4ed4dabb16b8
    "ast/fixture.vue:44": "skip",  # </script>
    "ast/fixture.vue:7": "secret",  # const STATIC_TOKEN = import.meta.env.API
    "ast/fixture.vue:26": "secret",  # var static_password05 = `hardcoded05`;
    "ast/fixture.vue:6": "benign",  # const VARIABLE_TOKEN = import.meta.env.A
    "ast/fixture.vue:25": "secret",  # let static_password04 = "hardcoded04";
    "ast/fixture.vue:24": "secret",  # static_password03 = 'hardcoded03';
    "ast/fixture.vue:1": "benign",  # <script>
    "aws.json:4": "benign",  # "aws_id": "{{ AWS ID }}",
    "aws.json:5": "benign",  # "aws_key": "${AWS_KEY}",
    "aws.json:6": "benign",  # "commit_id": "912ec803b2ce49e4a541068d49
    "aws.json:17": "secret",  # "aws_key": "PA3XsxZ8d8cPQLmnZzFAKEdzC6ND
    "aws.json:7": "benign",  # "role": "arn:aws:iam::123456789000:role/
    "aws.json:21": "benign",  # "aws_account01": "123456789123"
    "aws.json:10": "benign",  # "aws_account01": "000000000000",
    "aws.json:16": "benign",  # "aws_id": "AKIAHI38FAKE1IWUQEEN",
    "aws.xml:9": "benign",  # <aws_account>111111111111</aws_account>
    "aws.xml:6": "benign",  # <commit_id>912ec803b2ce49e4a541068d495ab
    "aws.xml:4": "benign",  # <aws_id>{{ AWS ID }}</aws_id>
    "aws.xml:13": "secret",  # <aws_key>PA3XsxZ8d8cPQLmnZzFAKEdzC6ND2a8
    "aws.xml:5": "benign",  # <aws_key>${AWS_KEY}</aws_key>
    "aws.xml:12": "benign",  # <aws_id>AKIAHI38FAKE1IWUQEEN</aws_id>
    "aws.xml:8": "benign",  # <aws_account>000000000000</aws_account>
    "aws.yml:7": "benign",  # aws_account02: '111111111111'
    "aws.yml:11": "secret",  # aws_key: PA3XsxZ8d8cPQLmnZzFAKEdzC6ND2a8
    "aws.yml:12": "secret",  # aws_token: FakeYXdzELv//////////wEldj394
    "aws.yml:6": "benign",  # aws_account01: '000000000000'
    "aws.yml:4": "benign",  # commit_id: 912ec803b2ce49e4a541068d495ab
    "aws.yml:2": "benign",  # aws_id: "{{ AWS ID }}"
    "aws.yml:13": "benign",  # aws_account: '123456789123'
    "aws.yml:10": "benign",  # aws_id: AKIAHI38FAKE1IWUQEEN
    "beans.xml.dist:13": "secret",  # <ss:user name="admin" accesskey="YXNkZmZ
    "beans.xml.dist:4": "benign",  # <ss:authentication-provider>
    "beans.xml.dist:14": "skip",  # </ss:user-service>
    "beans.xml.dist:8": "benign",  # <ss:user name="admin" accesskey="{{ pass
    "beans.xml.dist:17": "skip",  # </spring:beans>
    "beans.xml.dist:6": "benign",  # <ss:user name="admin" password="" author
    "beans.xml.dist:15": "skip",  # </ss:authentication-provider>
    "beans.xml.dist:10": "benign",  # <ss:user-service id="noncompliant">
    "build.gradle:29": "secret",  # password "hardcoded_maven"
    "build.gradle:14": "benign",  # username "root"
    "build.gradle:22": "secret",  # authentication(userName: "root", passwor
    "build.gradle:21": "benign",  # repository(url: "https://localhost/conte
    "build.gradle:12": "benign",  # url "https://localhost"
    "build.gradle:8": "benign",  # authentication()
    "build.gradle:5": "benign",  # authentication(userName: "root", passwor
    "build.gradle:1": "benign",  # task {
    "cloudformation.json:4": "benign",  # "Parameters": {
    "cloudformation.json:12": "benign",  # "Type": "String",
    "cloudformation.json:15": "benign",  # "NoncompliantDBPassword": {
    "cloudformation.json:6": "benign",  # "Description": "Database username",
    "cloudformation.json:18": "secret",  # "Default": "hardcoded-password"
    "cloudformation.json:11": "benign",  # "Description": "Master password",
    "cloudformation.json:10": "benign",  # "CompliantDBPassword": {
    "cloudformation.json:16": "benign",  # "Description": "Database password",
    "cloudformation.json.template:2": "benign",  # "AWSTemplateFormatVersion": "2010-09-09"
    "cloudformation.json.template:3": "benign",  # "Description": "CloudFormation Example w
    "cloudformation.yml:15": "benign",  # Default: admin
    "cloudformation.yml:13": "benign",  # Description: Database password
    "cloudformation.yml:12": "benign",  # NoncompliantDBPassword:
    "cloudformation.yml:10": "benign",  # Type: String
    "cloudformation.yml:2": "benign",  # Description: CloudFormation Example
    "cloudformation.yml:3": "benign",  # Parameters:
    "cloudformation.yml:11": "benign",  # Default: !Ref AdminPassword
    "cloudformation.yml:8": "benign",  # CompliantDBPassword:
    "connection.config:15": "skip",  # </item>
    "connection.config:10": "benign",  # <incompliant>
    "connection.config:16": "skip",  # </incompliant>
    "connection.config:13": "secret",  # Database=webstore;Server=localhost;Uid=r
    "connection.config:12": "benign",  # <value>
    "connection.config:14": "skip",  # </value>
    "connection.config:17": "skip",  # </configuration>
    "connection.config:11": "benign",  # <item key="ConnectionString1">
    "creditcards.yml:11": "benign",  # cc1: 4111111111111111
    "creditcards.yml:13": "benign",  # cc3: 356938035643809
    "creditcards.yml:7": "benign",  # timestamp_js: 1576692842733
    "creditcards.yml:12": "benign",  # cc2: 52830000000000007
    "creditcards.yml:5": "benign",  # number4: 534618613411236
    "creditcards.yml:8": "benign",  # timestamp_py: 1576692842.733
    "creditcards.yml:2": "benign",  # number1: 1
    "creditcards.yml:4": "benign",  # number3: 111111111111111
    "custom.json:3": "benign",  # "key": "value"  //comment2
    "custom.xml:1": "benign",  # This isn't really XML
    "custom.yml:5": "benign",  # asdf: 123
    "custom.yml:6": "benign",  # accounts:
    "custom.yml:13": "benign",  # app = Hash.new
    "custom.yml:9": "benign",  # - account: [{{ account }}]
    "custom.yml:8": "benign",  # {% if account != "client" %}
    "custom.yml:19": "benign",  # set_fact:
    "custom.yml:3": "benign",  # development:
    "custom.yml:2": "benign",  # defaultCount: {{ desired_count }}
    "empty.dockercfg:2": "benign",  # "no-auths": {}
    "excluded.json:7": "benign",  # "integration-tests": {
    "excluded.json:9": "secret",  # "DB_PASSWORD=justForTesting"
    "excluded.json:3": "benign",  # "retrieve_these_secret_keys": {
    "excluded.json:14": "secret",  # "hardcoded_password": "password1"
    "excluded.json:5": "benign",  # "api_secret": "AUTH_TOKEN"
    "excluded.json:4": "skip",  # "api_key": "API_KEY",
    "excluded.xml:6": "benign",  # <api_secret>AUTH_TOKEN</api_secret>
    "excluded.xml:9": "benign",  # <environment>
    "excluded.xml:10": "secret",  # <DB_PASSWORD>justForTesting</DB_PASSWORD
    "excluded.xml:7": "skip",  # </retrieve_these_secret_keys>
    "excluded.xml:8": "benign",  # <integration-tests>
    "excluded.xml:15": "secret",  # <hardcoded_password>password1</hardcoded
    "excluded.xml:12": "skip",  # </integration-tests>
    "excluded.xml:11": "skip",  # </environment>
    "excluded.yml:4": "benign",  # api_secret: AUTH_TOKEN
    "excluded.yml:5": "benign",  # integration-tests:
    "excluded.yml:7": "secret",  # - DB_PASSWORD=justForTesting
    "excluded.yml:10": "secret",  # hardcoded_password: "password1"
    "excluded.yml:3": "skip",  # api_key: API_KEY
    "excluded.yml:2": "benign",  # retrieve_these_secret_keys:
    "falsepositive/deps.txt:2": "benign",  # this is not a privatekey
    "falsepositive/keys.yml:8": "benign",  # uniq_key: h4rdc0dedOkay07
    "falsepositive/keys.yml:4": "benign",  # translationKey: h4rdc0dedOkay03
    "falsepositive/keys.yml:7": "benign",  # columnkey: h4rdc0dedOkay06
    "falsepositive/keys.yml:6": "benign",  # colKey: h4rdc0dedOkay05
    "falsepositive/keys.yml:5": "benign",  # rowIDkey: h4rdc0dedOkay04
    "falsepositive/keys.yml:2": "benign",  # public_key: h4rdc0dedOkay01
    "falsepositive/keys.yml:3": "benign",  # ProjectKey: h4rdc0dedOkay02
    "falsepositive/keys.yml:9": "benign",  # uniqueKey: h4rdc0dedOkay08
    "falsepositive/semver.json:2": "benign",  # "getpass": "^1.2.3"
    "falsepositive/values.yml:20": "benign",  # key4: Ctrl_F1
    "falsepositive/values.yml:5": "skip",  # passwordPassthrough: "ok4"
    "falsepositive/values.yml:18": "benign",  # key2: Ctrl-Alt-Left
    "falsepositive/values.yml:9": "benign",  # publicKey: "ok8"
    "falsepositive/values.yml:3": "skip",  # passwordForPassenger: "ok2"
    "falsepositive/values.yml:11": "benign",  # write_key: 's3://{bucket}/deduped_events
    "falsepositive/values.yml:12": "benign",  # webhookApiSecret: ZENDESK_WEBHOOK_API_SE
    "falsepositive/values.yml:23": "secret",  # secretarySecret: "hardcoded1"
    "files/.zsh-history:4": "skip",  # fixture
    "files/.zsh-history:1": "skip",  # this
    "files/.zsh-history:2": "skip",  # is
    "files/.zsh-history:6": "benign",  # finding .zsh-history
    "files/.zsh-history:3": "skip",  # a
    "files/.zsh-history:5": "skip",  # for
    "files/key.rsa:3": "benign",  # -----END RSA KEY-----
    "files/key.rsa:1": "benign",  # -----BEGIN RSA KEY-----
    "files/key.rsa:2": "skip",  # QyNTUxOQAAACCtrF27B/zd9DEpd38IbVBy93wSeY
    "files/network.ovpn:1": "benign",  # This is a fixture for finding OVPN files
    "folder/password/.gitkeep:1": "benign",  # Make sure sensitive folder names are not
    "hardcoded.json:20": "benign",  # "login": "admin",
    "hardcoded.json:7": "benign",  # "05_variable_password": "{{ password }}"
    "hardcoded.json:17": "skip",  # "haRdcOded3"
    "hardcoded.json:15": "skip",  # "Hardcoded1",
    "hardcoded.json:14": "benign",  # "02_static_passwords": [
    "hardcoded.json:10": "benign",  # "08_variable_password": "{ password }"
    "hardcoded.json:5": "benign",  # "03_variable_password": "${password}",
    "hardcoded.json:16": "skip",  # "hardCoded2",
    "hardcoded.xml:5": "benign",  # <o2_variable_password>$$PASSWORD</o2_var
    "hardcoded.xml:22": "secret",  # <password>hardcodEd</password>
    "hardcoded.xml:19": "skip",  # </o2_static_passwords>
    "hardcoded.xml:10": "benign",  # <o7_variable_password>{password}</o7_var
    "hardcoded.xml:21": "benign",  # <login>admin</login>
    "hardcoded.xml:23": "skip",  # </credentials>
    "hardcoded.xml:20": "benign",  # <credentials>
    "hardcoded.xml:8": "benign",  # <o5_variable_password>{{ password }}</o5
    "hardcoded.yml:19": "secret",  # password: hardcodEd
    "hardcoded.yml:18": "benign",  # login: admin
    "hardcoded.yml:12": "secret",  # 01_static_password: hardcoded0
    "hardcoded.yml:8": "benign",  # 07_variable_password: "{password}"
    "hardcoded.yml:2": "benign",  # 01_variable_password: $PASSWORD
    "hardcoded.yml:4": "benign",  # 03_variable_password: ${password}
    "hardcoded.yml:17": "benign",  # credentials:
    "hardcoded.yml:15": "skip",  # - "hardCoded2"
    "integration.conf:18": "benign",  # <key>password</key>
    "integration.conf:28": "benign",  # <key>business.password</key>
    "integration.conf:15": "skip",  # <value>1234</value>
    "integration.conf:13": "benign",  # <entry>
    "integration.conf:11": "benign",  # <value>username</value>
    "integration.conf:24": "skip",  # <value>hardcoded1</value>
    "integration.conf:12": "skip",  # </entry>
    "integration.conf:6": "benign",  # <value>email@domain.tld</value>
    "integration.json:12": "secret",  # {"key": "pro_password", "value": "hardco
    "integration.json:15": "secret",  # {"key": "Password", "value": "hardcoded4
    "integration.json:4": "benign",  # {"key": "pro_email", "value": "email@dom
    "integration.json:6": "benign",  # {"key": "account", "value": 1234},
    "integration.json:5": "benign",  # {"key": "username", "value": "username"}
    "integration.json:11": "benign",  # "secrets": [
    "integration.json:13": "secret",  # {"key": "business.password", "value": "h
    "integration.json:16": "secret",  # {"key": "PASS", "value": "hardcoded5"}
    "integration.yml:10": "benign",  # - key: password
    "integration.yml:3": "benign",  # - key: pro_email
    "integration.yml:23": "skip",  # value: hardcoded4
    "integration.yml:6": "benign",  # - key: username
    "integration.yml:18": "benign",  # - key: business.password
    "integration.yml:25": "skip",  # value: hardcoded5
    "integration.yml:11": "benign",  # value:
    "integration.yml:21": "skip",  # value: hardcoded3
    "invalid.json:2": "benign",  # invalid: 'json'
    "invalid.py:1": "benign",  # prin\xcc('this is invalid')
    "invalid.yml:1": "benign",  # [default]
    "invalid.yml:2": "benign",  # ThisIsNot = YAML!
    "java.properties:6": "benign",  # api.key=
    "java.properties:9": "secret",  # password=hardcoded01
    "java.properties:2": "benign",  # baseDN=LDAP
    "java.properties:3": "benign",  # username=admin
    "java.properties:5": "benign",  # sonar.jdbc.password=
    "java.properties:11": "secret",  # api.key=dGhpc2lzYWhhcmRjb2RlZHN0cmluZzpE
    "java.properties:4": "benign",  # password=
    "java.properties:10": "secret",  # sonar.jdbc.password=hardcoded02
    "jdbc.xml:13": "benign",  # <Realm className="org.apache.catalina.re
    "jdbc.xml:5": "benign",  # connectionURL="jdbc:mysql://localhost/au
    "jdbc.xml:14": "benign",  # driverName="org.gjt.mm.mysql.Driver"
    "jdbc.xml:1": "benign",  # <realms>
    "jdbc.xml:36": "skip",  # </realms>
    "jdbc.xml:12": "benign",  # userRoleTable="user_roles" roleNameCol="
    "jdbc.xml:27": "secret",  # connectionURL="jdbc:mysql://localhost/au
    "jdbc.xml:15": "benign",  # connectionURL="jdbc:mysql://localhost/au
    "jenkins.xml:9": "benign",  # <hudson.model.MyViewsProperty>
    "jenkins.xml:26": "benign",  # <hudson.security.HudsonPrivateSecurityRe
    "jenkins.xml:38": "benign",  # <providerId>default</providerId>
    "jenkins.xml:32": "skip",  # </io.jenkins.blueocean.autofavorite.user
    "jenkins.xml:41": "skip",  # </user>
    "jenkins.xml:6": "benign",  # <compliantApiToken>{token}</compliantApi
    "jenkins.xml:19": "skip",  # </hudson.model.MyViewsProperty>
    "jenkins.xml:14": "benign",  # <filterExecutors>false</filterExecutors>
    "nginx.conf:6": "benign",  # http {
    "nginx.conf:3": "benign",  # pid /run/nginx.pid;
    "nginx.conf:11": "benign",  # proxy_set_header x-url $host$request_uri
    "nginx.conf:10": "benign",  # proxy_set_header x-apikey $apikey;
    "nginx.conf:9": "benign",  # set $apikey '';
    "nginx.conf:1": "benign",  # user www-data;
    "nginx.conf:2": "benign",  # worker_processes auto;
    "nginx.conf:16": "secret",  # set $apikey 23d968ff-10b9-4e6f-a33a-hard
    "page.html:12": "benign",  # has multiple lines
    "page.html:15": "benign",  # This is not a hardcoded comment
    "page.html:3": "benign",  # <title>Whispers HTML fixture</title>
    "page.html:1": "benign",  # <html>
    "page.html:11": "benign",  # hardcoded comment 03
    "page.html:16": "skip",  # </body>
    "page.html:2": "benign",  # <head>
    "page.html:14": "benign",  # Empty comment <!---->
    "passwords.json:15": "secret",  # "invar": "DB_PASSWORD=hardcoded3",
    "passwords.json:5": "benign",  # "DB_USER=hardcoded"
    "passwords.json:14": "secret",  # "passwd": "hardcoded2",
    "passwords.json:9": "benign",  # "creds": "DB_PASSWORD=set=it=here",
    "passwords.json:3": "benign",  # "username": "hardcoded",
    "passwords.json:16": "benign",  # "inlist": [
    "passwords.json:7": "benign",  # "MasterUserPassword": "!Ref 'MasterUserP
    "passwords.json:13": "secret",  # "pwd": "hardcoded1",
    "passwords.xml:9": "skip",  # <passphrase>0</passphrase>
    "passwords.xml:4": "benign",  # <username>hardcoded</username>
    "passwords.xml:13": "secret",  # <passwd>hardcoded2</passwd>
    "passwords.xml:17": "skip",  # </inlist>
    "passwords.xml:5": "benign",  # <environment>DB_USER=hardcoded</environm
    "passwords.xml:7": "benign",  # <db_password>null</db_password>
    "passwords.xml:12": "secret",  # <pwd>hardcoded1</pwd>
    "passwords.xml:6": "benign",  # <MasterUserPassword>!Ref 'MasterUserPass
    "passwords.yml:11": "secret",  # pwd: hardcoded1
    "passwords.yml:7": "benign",  # creds: DB_PASSWORD=set=it=here
    "passwords.yml:8": "benign",  # passphrase: ''
    "passwords.yml:14": "benign",  # inlist:
    "passwords.yml:15": "secret",  # - DB_PASSWORD=hardcoded4
    "passwords.yml:13": "secret",  # invar: DB_PASSWORD=hardcoded3
    "passwords.yml:5": "benign",  # MasterUserPassword: !Ref 'MasterUserPass
    "passwords.yml:6": "benign",  # db_password: "null"
    "paths.yml:14": "benign",  # absolute-path3: '\\src\\file.js'
    "paths.yml:18": "benign",  # relative-path4: '../../src/local/path/fi
    "paths.yml:6": "benign",  # network-path2: '\\192.168.1.1\network\pa
    "paths.yml:8": "benign",  # windows-path2: 'B:\windows\backward'
    "paths.yml:13": "benign",  # absolute-path2: '\src\file.js'
    "paths.yml:7": "benign",  # windows-path1: 'A:/windows/forward'
    "paths.yml:3": "skip",  # notpath2: th1s/c0uldb3/ap4assw0rd
    "paths.yml:12": "benign",  # absolute-path1: '/src/file.js'
    "pip.conf:7": "secret",  # index = https://username:hardcoded1@pypi
    "pip.conf:1": "benign",  # [global]
    "pip.conf:3": "benign",  # index = https://pypi.example.com/pypi
    "pip.conf:4": "benign",  # index-url = https://username:@pypi.examp
    "pip.conf:8": "secret",  # index-url = https://username:hardcoded2@
    "placeholders.json:10": "benign",  # "Generic_Key": "%DB_SECRET_VALUE%"
    "placeholders.json:9": "benign",  # "Symfony_DB_Key": "'%env(DB_SECRET_VALUE
    "placeholders.json:7": "benign",  # "MasterUserPassword": "<% PASSWORD_HERE
    "placeholders.json:3": "skip",  # "password": "password",
    "placeholders.json:8": "skip",  # "TRAVEL_API_KEY": "TRAVEL_API_KEY",
    "placeholders.json:5": "skip",  # "DB_PASSWORD=DB_PASSWORD"
    "placeholders.xml:4": "skip",  # <password>password</password>
    "placeholders.xml:5": "skip",  # <environment><DB_PASSWORD>DB_PASSWORD</D
    "placeholders.xml:7": "skip",  # <TRAVEL_API_KEY>TRAVEL_API_KEY</TRAVEL_A
    "placeholders.xml:8": "benign",  # <Symfony_DB_Key>%env(DB_SECRET_VALUE)%</
    "placeholders.xml:6": "benign",  # <MasterUserPassword><PASSWORD_HERE></Mas
    "placeholders.xml:9": "benign",  # <Generic_Key>%DB_SECRET_VALUE%</Generic_
    "placeholders.yml:6": "skip",  # TRAVEL_API_KEY: TRAVEL_API_KEY
    "placeholders.yml:4": "skip",  # - DB_PASSWORD=DB_PASSWORD
    "placeholders.yml:8": "benign",  # Generic_Key: '%DB_SECRET_VALUE%'
    "placeholders.yml:5": "benign",  # MasterUserPassword: <% PASSWORD_HERE %>
    "placeholders.yml:7": "benign",  # Symfony_DB_Key: '%env(DB_SECRET_VALUE)%'
    "placeholders.yml:2": "skip",  # password: password
    "plaintext.txt:7": "secret",  # Connect to https://admin:hardcoded@local
    "plaintext.txt:2": "benign",  # Use JDBC URL jdbc:mysql://localhost/auth
    "plaintext.txt:3": "benign",  # Connect to https://localhost:8000/admin
    "plaintext.txt:6": "secret",  # Use JDBC URL jdbc:mysql://localhost/auth
    "private-pgp-block.txt:13": "skip",  # HARDcodedpOdXGToAgqqKNQjlfATqeJVoumsuZxL
    "private-pgp-block.txt:19": "skip",  # IANetcyXM87Cvc1iMP+s09edTWJhGU0xAsOQp16N
    "private-pgp-block.txt:24": "skip",  # 6RrRbAryDN1gwDe/LttfuqmtFEgUrB2HZMAmsLGl
    "private-pgp-block.txt:26": "skip",  # iHTSKB7b4jdhIw7T0fRmZfNbjgerZ0lpyt+VTZKT
    "private-pgp-block.txt:15": "skip",  # 9lbr1ML+U2zArGnfDMDn2Sy7suzjH5f1D3nqRFdI
    "private-pgp-block.txt:31": "benign",  # -----END PGP PRIVATE KEY BLOCK-----
    "private-pgp-block.txt:21": "skip",  # VpCL2VKX8nsZPFXJPMNIZSsEC6N2gScb0Yr4v3K5
    "private-pgp-block.txt:16": "skip",  # hRr7SXhQg3IqD78+Pqn8e6k6/nsxGXnVRQ2zkpus
    "privatekey.pem:1": "benign",  # -----BEGIN RSA PRIVATE KEY-----
    "privatekey.pem:20": "benign",  # -----END RSA PRIVATE KEY-----
    "privatekeys.json:7": "secret",  # "key": "-----BEGIN RSA KEY-----QyNTUxOQA
    "privatekeys.json:9": "secret",  # "dsa": "-----BEGIN DSA PRIVATE KEY-----\
    "privatekeys.json:11": "secret",  # "openssh": "-----BEGIN OPENSSH PRIVATE K
    "privatekeys.json:3": "benign",  # "public": "-----BEGIN PUBLIC KEY-----\nQ
    "privatekeys.json:8": "secret",  # "rsa": "-----BEGIN RSA PRIVATE KEY-----\
    "privatekeys.json:10": "secret",  # "ec": "-----BEGIN EC PRIVATE KEY-----\nQ
    "privatekeys.json:6": "secret",  # "access": "-----BEGIN PRIVATE KEY-----\n
    "privatekeys.xml:7": "secret",  # <access>-----BEGIN PRIVATE KEY-----\nQyN
    "privatekeys.xml:12": "skip",  # </key>
    "privatekeys.xml:8": "benign",  # <key>
    "privatekeys.xml:13": "secret",  # <rsa>-----BEGIN RSA PRIVATE KEY-----\nQy
    "privatekeys.xml:14": "secret",  # <dsa>-----BEGIN DSA PRIVATE KEY-----\nQy
    "privatekeys.xml:16": "secret",  # <openssh>-----BEGIN OPENSSH PRIVATE KEY-
    "privatekeys.xml:15": "secret",  # <ec>-----BEGIN EC PRIVATE KEY-----\nQyNT
    "privatekeys.xml:4": "benign",  # <public>-----BEGIN PUBLIC KEY-----\nQyNT
    "privatekeys.yml:13": "secret",  # ec: "-----BEGIN EC PRIVATE KEY-----\nQyN
    "privatekeys.yml:9": "benign",  # -----END RSA KEY-----\
    "privatekeys.yml:11": "secret",  # rsa: "-----BEGIN RSA PRIVATE KEY-----\nQ
    "privatekeys.yml:14": "secret",  # openssh: "-----BEGIN OPENSSH PRIVATE KEY
    "privatekeys.yml:5": "secret",  # access: "-----BEGIN PRIVATE KEY-----\nQy
    "privatekeys.yml:8": "skip",  # QyNTUxOQAAACCtrF27B/zd9DEpd38IbVBy93wSeY
    "privatekeys.yml:7": "benign",  # -----BEGIN RSA KEY----- \
    "privatekeys.yml:2": "benign",  # public: "-----BEGIN PUBLIC KEY-----\nQyN
    "putty.ppk:2": "skip",  # YRzhCf9mGGCZM+ncFunaou+Zb5z0Gfa2PvhsxdGv
    "putty.ppk:4": "benign",  # Private-Lines: 2
    "putty.ppk:6": "skip",  # 8bqo1uiLFTuIXknOBHoj9stSDCvaZgih+EYmz9r/
    "putty.ppk:3": "skip",  # TDqd0CjLbc7t2PSST3qaRk05mQfJDsphhnjRipwf
    "putty.ppk:1": "benign",  # Public-Lines: 2
    "putty.ppk:5": "skip",  # A+C2EGnObKXoA/q/8iSzURyLYXcy5uEUIPl3S+EB
    "putty.ppk:7": "benign",  # Private-MAC: b4bec99eb9cd55bfcbeab5a60f3
    "ruleslist.yml:7": "secret",  # passwd: hardcoded2_1
    "ruleslist.yml:2": "benign",  # name: name
    "ruleslist.yml:8": "secret",  # password: hardcoded2_2
    "ruleslist.yml:9": "secret",  # dbpass: hardcoded2_3
    "runtime.exs:10": "secret",  # password: "hardcoded02",
    "runtime.exs:1": "benign",  # use Mix.Config
    "runtime.exs:12": "benign",  # pool_size: 20
    "runtime.exs:4": "secret",  # secret_key_base: "aGFyZGNvZGVkVG9rZW4xMj
    "runtime.exs:7": "benign",  # config :app, app.Repo,
    "runtime.exs:8": "benign",  # adapter: Ecto.Adapters.Postgres,
    "runtime.exs:11": "benign",  # database: "dbname",
    "runtime.exs:9": "benign",  # username: "admin",
    "script.sh:31": "skip",  # image
    "script.sh:32": "secret",  # curl --digest -u admin:YXNkZmZmZmZm_HARD
    "script.sh:14": "benign",  # curl --user admin https://localhost
    "script.sh:30": "benign",  # -e DRONE_ID=1 \
    "script.sh:39": "secret",  # curl --proxy-tlspassword YXNkZmZmZmZm_HA
    "script.sh:8": "benign",  # export DANGER_GITHUB_API_TOKEN="${token}
    "script.sh:23": "secret",  # API_TOKEN=${API_TOKEN:-YXNkZmZmZmZm_HARD
    "script.sh:27": "secret",  # docker run -it -e DRONE_TOKEN="YXNkZmZmZ
    "settings.cfg:2": "benign",  # object ApiUser "root" {
    "settings.cfg:4": "benign",  # password2 =
    "settings.cfg:3": "benign",  # password1 = ""
    "settings.cfg:9": "secret",  # password = "hardcoded"
    "settings.env:2": "benign",  # SSHuser=root
    "settings.env:5": "secret",  # SSHpassword=hardcoded
    "settings01.ini:3": "benign",  # SSHuser = root
    "settings01.ini:6": "secret",  # SSHpassword = hardcoded
    "settings01.ini:1": "benign",  # [WithEqualSigns]
    "settings02.ini:6": "secret",  # SSHpassword:hardcoded
    "settings02.ini:1": "benign",  # [WithColons]
    "settings02.ini:3": "benign",  # SSHuser:root
    "severity.yml:4": "benign",  # critical:
    "severity.yml:14": "benign",  # base64_string: d2hpc3BlcnMKHARDcoded
    "severity.yml:1": "benign",  # blocker:
    "severity.yml:11": "secret",  # slack-webhook: https://hooks.slack.com/s
    "severity.yml:7": "benign",  # major:
    "severity.yml:2": "benign",  # aws_id: AKIAHI38FAKHARDCODED
    "severity.yml:13": "benign",  # info:
    "severity.yml:10": "benign",  # minor:
    "sops.yml:4": "benign",  # password: ENC[AES256_GCM,data:HARDCODED,
    "sops.yml:7": "secret",  # password: hardcoded01
    "uri.yml:12": "secret",  # - "git+https://token:hardcoded3@github.c
    "uri.yml:6": "benign",  # - "https://localhost:8000/admin"
    "uri.yml:2": "benign",  # - "s3://bucket"
    "uri.yml:11": "secret",  # - "amqp://root:hardcoded2@localhost.loca
    "uri.yml:10": "secret",  # - "https://admin:hardcoded1@localhost:80
    "uri.yml:5": "benign",  # - "jdbc:mysql://localhost/authority?user
    "uri.yml:3": "benign",  # - "https://this-is-not-a-password.com"
    "uri.yml:9": "secret",  # - "jdbc:mysql://localhost/authority?user
    "webhooks.yml:3": "benign",  # hubspot-webhook: https://api.hubapi.com/
    "webhooks.yml:8": "secret",  # hubspot-webhook: https://api.hubapi.com/
    "webhooks.yml:12": "secret",  # discord-webhook: https://discord.com/api
    "webhooks.yml:4": "benign",  # twilio-webhook: https://chat.twilio.com/
    "webhooks.yml:2": "benign",  # slack-webhook: https://hooks.slack.com/s
    "webhooks.yml:10": "secret",  # outlook-webhook: https://outlook.office.
    "webhooks.yml:9": "skip",  # twilio-webhook: https://chat.twilio.com/
    "webhooks.yml:11": "secret",  # zapier-webhook: https://hooks.zapier.com
}  # fmt: skip


def _strings(root: Path) -> dict[str, tuple[str, str]]:
    """Every candidate line, by ``fixture:line``: (fixture, line)."""
    fixtures = root / "tests" / "fixtures"
    found: dict[str, tuple[str, str]] = {}
    for path in sorted(p for p in fixtures.rglob("*") if p.is_file()):
        try:
            content = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        name = path.relative_to(fixtures).as_posix()
        for number, line in enumerate(content.splitlines(), 1):
            text = line.strip()
            if text and not _MARKER.search(text):
                found[f"{name}:{number}"] = (name, text)
    return found


def candidates(root: Path) -> list[tuple[str, str, str]]:
    """(``file:line``, fixture, string) of the strings this part is made of."""
    return capped_lines(_strings(root), "whispers", PER_FILE)


def whispers_cases(root: Path) -> Iterator[dict[str, Any]]:
    return labelled_line_cases(
        candidates(root), LABELS, "whispers", "whispers fixtures ({path}), labelled by us"
    )


def main(root: Path) -> None:
    write_split(whispers_cases(root), "whispers")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

"""Build the CredSweeper part of the held-out development corpus (see README.md here).

CredSweeper (Samsung's secret scanner; no detector here calls it) tests its rules on
``tests/samples/``: files of config lines, code, SQL, shell commands, documents and markup,
some holding credentials and some written to look like them. ``tests/data/no_ml.json`` is
the scanner's expected output with its machine-learning filter off: every line one of its
rules takes for a candidate. Its filtered output (``output.json``) is not a ground truth
(it keeps "# password: keep empty" and drops "password : peace_for_ukraine"), so every
distinct string was labelled by hand, once, before any detector here ran on it, by the
criterion of ``build_negatives_corpus.py`` (a literal credential, even one a provider's
exact format rejects, is a ``secret``; a placeholder, reference, empty value, code that
handles a password, host, hash, public id, nonce, salt or ordinary data is ``benign``;
bare strings nothing names, values that are the word naming them, values under four
characters and half-placeholder values are left out). Figures on this part therefore
depend on labels we wrote.

The strings: every candidate of ``no_ml.json`` (a finding over several lines, such as a
private-key block or an id and its secret, as those lines joined), and every non-empty line
of the sample files named as negatives (``*_n``, ``*_fp``, ``*FALSE*``, ``false_positive``,
``wechat_f``); each distinct string once, at most ``PER_FILE`` per sample file (picked by a
hash of the case id), texts longer than a memory left out. Run once, from the repository
root, with a checkout of the commit it was built from:

    git clone https://github.com/Samsung/CredSweeper /tmp/credsweeper
    git -C /tmp/credsweeper checkout 1ed2ca5cdd480667b938024464a37589b9af8564
    python tests/data/detection/build_credsweeper_corpus.py /tmp/credsweeper

Each string is placed in the sentence templates of the other scanners' examples. It writes
``credsweeper_tuning.jsonl`` and ``credsweeper_sealed.jsonl`` beside this file: every case
goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed), decided before
any detector was adjusted on it. The tests read only the two JSONL files.
"""

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from build_dev_corpus import capped_lines, labelled_line_cases, write_split

PER_FILE = 8
NEGATIVE_FILE = re.compile(r"(?:_n(?:\.|$)|FALSE|false_positive|_fp$|wechat_f$)")

# (sample file:line): the label, decided from the string alone; the comment starts it.
LABELS: dict[str, str] = {
    "age-secret-key:1": "secret",  # AGE-SECRET-KEY-1KZYHJJGJ5DEC3RXGPEUA97WG
    "akamai:1": "secret",  # T: akab-tblc7jkffv3wfxh3-h5stbzeswb3v4kj
    "alibaba:1": "secret",  # f.write(LTAIwRQQQIlUKh25, AIu0vKQhkLAmcf
    "antrhropic:1": "secret",  # sk-ant-api03-gigCtxD_mMUnJuUOwVtpBmPFdG0
    "api.toml:1": "secret",  # gi_reo_gi_api = "DvMB_glvwjlEQ_uqIyn8k";
    "atlassian_pat:4": "secret",  # url_escaped_lowercase = ATATT3xFfGF0vNZ7
    "atlassian_pat:2": "secret",  # escaped_backslash = ATATT3xFfGF0vNZ7oy6O
    "atlassian_pat:3": "secret",  # url_escaped_capital = ATATT3xFfGF0vNZ7oy
    "atlassian_pat:1": "secret",  # ATLASSIAN = "ATATT3xFfGF0vNZ7oy6ON4KrWEz
    "auth.hs:4": "secret",  # Authorization: NTLM TlRMTUAAABABoITVNIAA
    "auth.hs:1": "secret",  # "kerberos_authentication": "YI7IB6wYJgaM
    "auth.hs:2": "secret",  # "authorization": "aMgHAgIKhwLgGq02iQoZI1
    "auth.hs:3": "benign",  # headers = {authorization: /oauth_signatu
    "auth_n.template:8": "secret",  # curl -H "Authorization: Basic R2hyZG5oYz
    "auth_n.template:1": "benign",  # author = "M$Bn0Tf0YHD"
    "auth_n.template:9": "secret",  # curl -H "Authorization: Bearer eyJGRpVu1
    "auth_n.template:6": "benign",  # AUTH_TOKEN=<an authorization token>
    "auth_n.template:2": "benign",  # author_info = "M$Bn0Tf0YHD"
    "auth_n.template:4": "benign",  # authors_info = "Nobody John Doe"
    "auth_n.template:3": "benign",  # authors = "Nobody John Doe"
    "aws_client_id:8": "secret",  # bedrock-api-key-vZKDJRzMKwJH6ewnj9FiyoUl
    "aws_client_id:9": "secret",  # ABSKpA8zwd50pFVLlH+DeWUlP1+WQ44upInjTDDb
    "aws_client_id:11": "secret",  # apiKey: "da2-b32ctqssd3cvbzap3msamjq6l1"
    "aws_client_id:1": "benign",  # The items are AKIAGIREOGIAWSKEY123,AKIAG
    "aws_multi.json:53": "benign",  # "AwsAccessID": "AKIAGIREOGIAWSKEY321"
    "aws_multi.json:4": "secret",  # "AwsSecretKey": "J38YmIgn7dH6cw4W+yqoRgj
    "aws_multi.json:3": "benign",  # "AwsAccessID": "AKIAGIREOGIAWSKEY123",
    "aws_multi.json:52": "secret",  # "AwsSecretKey": "J38YmIgn7dH6cw4W1yqoRgj
    "aws_multi.md:9": "secret",  # "Token" : "J38YmIgn7dH6cw4W1yqoRgjsFsWvy
    "aws_multi.md:7": "secret",  # "AccessKeyId" : "AKIA0ON7V2DD57PL3JXM",
    "aws_multi.md:8": "secret",  # "SecretAccessKey" : "RMkMm8niUJ1iuhAA+AA
    "aws_multi_fp:5": "benign",  # # https://docs.aws.amazon.com/cli/latest
    "aws_multi_fp:1": "benign",  # <link rel="securelogin?user=EUROPEASIAAU
    "aws_multi_fp:4": "benign",  # # Even the login looks like AWS credenti
    "aws_mws_key:1": "secret",  # AWS_MWS_KEY = "amzn.mws.c1dg4haz-6xd6-4g
    "aws_s3_bucket:1": "benign",  # {"url" : "https://circle-production-acti
    "azure_access_token:5": "secret",  # t 189shdhgr893rgdg74sdsdfkksdhtg87dyfweg
    "azure_secret_value:1": "secret",  # client_srt = "qpF8Q~PCM5MhMoyTFc5TYEomnz
    "bitbuckert_http_access_token:1": "secret",  # "bitbucket" : "BBDC-MzQ2Njc4NjkyMDgwOsEi
    "bitbucket_app_password:1": "secret",  # app_sample:ATBBcCe6fczW96Vzwgvb4r8F2gZS5
    "bitbucket_repository_access_token:1": "secret",  # "Bitbucket Repository Access Token" : "A
    "brevo:1": "secret",  # xkeysib-34f1d491e83f579a06f63a6fa0c8df4a
    "clojars:2": "secret",  # CLOJARS_056348c712d9ab678ef014cd459e23ab
    "cloudflare:2": "secret",  # cfat_ldxiugEl907l4fW6ViLbhZled5GG95J90dR
    "cloudflare:3": "secret",  # cfut_WmHcE131Up3QBmRVvjfAyMBSik11OpgJpZi
    "cloudflare:4": "secret",  # cfk_7fqkxWi4TYQn4bPzsHyl0JuMV8UwHV2V1xpv
    "cmd_credential:2": "secret",  # mysql -u root --password Sne3sd8AZjq
    "cmd_credential:7": "secret",  # --oauth2-bearer "eZs2fjkjD8hUcsQ37b8zHig
    "cmd_credential:4": "secret",  # --super-secret_token 1ace4d19-fa7e-b4e2-
    "cmd_credential:3": "secret",  # -Domain 'localhost' -Password 'Sjdn43ss@
    "cmd_credential:1": "secret",  # gpg --decrypt --passphrase N1DdkUD3E73 -
    "cmd_secure_string:2": "secret",  # "ConvertTo-SecureString \"4yd21JKH~GE8dk
    "cmd_secure_string:1": "secret",  # ConvertTo-SecureString -String -Force ds
    "credential.hs:1": "secret",  # gi_reo_gi_credential = "K2u6mFw8wJOsAf"
    "curl_user_password:1": "secret",  # curl -X PUT -u "admin:dG9rZW4g" https://
    "databricks:1": "secret",  # dapia8dc7528ecae9a70d7660b9eadff609d # T
    "deepseek:1": "secret",  # >>>\x1b[93msk-615ef152bf865a131f88b23571dc4
    "defined_networking:1": "secret",  # dnkey-TUMPCCPBPZCE244YV67IYOWZ7W-HBMEHZF
    "digital_ocean_oauth_access_token:1": "secret",  # digital_oc = 'doo_v1_c46dde8bd623be6efab
    "digital_ocean_pat:1": "secret",  # dop_v1_425522a565f532bc6532d453422e50334
    "discord_bot_token:1": "skip",  # MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.E2-E4_.Zig9V5
    "discord_webhook:1": "secret",  # T https://discordapp.com/api/webhooks/14
    "doc_credentials_n:3": "skip",  # Activation key : ZAQWS-XCDER-*****-VBGTR
    "doc_credentials_n:2": "skip",  # Activation key : ZAQWS-XCDER-VBGTR-FRTGU
    "doc_credentials_n:1": "benign",  # the password is incorrect
    "doc_credentials_n:4": "benign",  # "SecretApiKey": "string"
    "doc_credentials_n:5": "benign",  # "UserKeyword": "A1328E04-88B6-4E2A-A5C0-
    "doc_credentials_p:3": "secret",  # password:!Dd5G4s9
    "doc_credentials_p:2": "secret",  # Activation key : ZAQWS-XCDER-VBGTR-FRTGU
    "doc_get_n:2": "benign",  # SECRET = getenv("GEHE1MN15", '')
    "doc_get_n:1": "benign",  # CEKPET = getenv(&quot;SECRET&quot;, None
    "doc_get_n:3": "benign",  # {"dummy": "api-custom-key", "c098f218-fa
    "doc_get_p:1": "skip",  # if SECRET := getenv("CEKPET", "GEHEIMN1S
    "doc_get_p:5": "secret",  # PASSWORD = os.environ.get("PASSWORD") or
    "doc_id_pair_passwd_pair:70": "secret",  # Name:master,PW:dipPr169Gg!
    "doc_id_pair_passwd_pair:39": "secret",  # ANYlogin:master,ANYpassword:dipPr138Gg!
    "doc_id_pair_passwd_pair:60": "secret",  # ANY_username:master,ANY_password:dipPr15
    "doc_id_pair_passwd_pair:91": "secret",  # PW:dipPr190Gg! ID:master
    "doc_id_pair_passwd_pair:43": "secret",  # account:master passwd:dipPr142Gg!
    "doc_id_pair_passwd_pair:81": "secret",  # Loging:master Password:dipPr180Gg!
    "doc_id_pair_passwd_pair:65": "secret",  # userid=master password=dipPr164Gg!
    "doc_id_pair_passwd_pair:64": "secret",  # dipPr163Gg! ID:master dipPr163Gg! PWD:di
    "doc_id_passwd_pair:28": "secret",  # ID/Password=master/iPp27@GRq
    "doc_id_passwd_pair:9": "secret",  # id/passwd:master/iPp8@GRq
    "doc_id_passwd_pair:6": "secret",  # ID/PW=master/iPp5@GRq
    "doc_id_passwd_pair:4": "secret",  # ID/Pass:master/iPp3@GRq
    "doc_id_passwd_pair:11": "secret",  # 98.76.54.32(ID:master/PW:iPp10@GRq)
    "doc_id_passwd_pair:17": "secret",  # 아이디/PW:master/iPp16@GRq
    "doc_id_passwd_pair:26": "secret",  # user/pass:master/iPp25@GRq
    "doc_id_passwd_pair:23": "secret",  # user/pwd:master/iPp22@GRq
    "doc_passwd_pair:31": "secret",  # password:Prl23Db#@,ANYPassword:Prl23Db#@
    "doc_passwd_pair:38": "secret",  # root/Prl23Db#@,root password:Prl23Db#@
    "doc_passwd_pair:37": "secret",  # --password=Prl23Db#@
    "doc_passwd_pair:18": "secret",  # default password:Prl23Db#@
    "doc_passwd_pair:21": "secret",  # "password":"Prl23Db#@"
    "doc_passwd_pair:23": "secret",  # Passwd:Prl23Db#@ Prl23Db#@
    "doc_passwd_pair:46": "secret",  # passwords:Prl23Db#@
    "doc_passwd_pair:40": "secret",  # Prl23Db#@ username:Prl23Db#@,Prl23Db#@ p
    "doc_secret_pair:34": "secret",  # access_token:AIhq5Xyb1Gga9Q33
    "doc_secret_pair:30": "secret",  # ANY_key=AIhq5Xyb1Gga9Q29
    "doc_secret_pair:3": "secret",  # token:AIhq5Xyb1Gga9Q2
    "doc_secret_pair:20": "secret",  # ANY.secret=AIhq5Xyb1Gga9Q19
    "doc_secret_pair:6": "secret",  # --token AIhq5Xyb1Gga9Q5
    "doc_secret_pair:32": "secret",  # ANY_id=AIhq5Xyb1Gga9Q31 ANY_token=AIhq5X
    "doc_secret_pair:23": "secret",  # ANY_secret:AIhq5Xyb1Gga9Q22
    "doc_secret_pair:4": "secret",  # SECRET KEY:AIhq5Xyb1Gga9Q3
    "doc_various:98": "secret",  # gildong.hong@98.76.54.32 mailto:{1} (pas
    "doc_various:35": "secret",  # 98.76.54.32 ANY_PW:IhqSb1Gg
    "doc_various:103": "secret",  # id:gildong.hong@xxx.com mailto:{1}/passw
    "doc_various:16": "secret",  # gildong.hong@98.76.54.32 pwd:IhqSb1Gg
    "doc_various:20": "secret",  # 98.76.54.32/pw:IhqSb1Gg
    "doc_various:88": "secret",  # (ssh gildong.hong@98.76.54.32 mailto{1})
    "doc_various:63": "secret",  # Acount name:xxxx Initial Password:IhqSb1
    "doc_various:95": "secret",  # gildong.hong@98.76.54.32 mailto:{1} (pas
    "docker:2": "benign",  # NEGATIVE: dckr_pat_EXAMPLE-EXAMPLE-EXAMP
    "docker:3": "secret",  # POSITIVE: dckr_oat_fXUgJy1nU2WSbk_0vH2S-
    "docker:6": "secret",  # POSITIVE: SWMKEY-1-fySn8TY4w5lKcWcJPIpKu
    "docker:1": "secret",  # POSITIVE: dckr_pat_mcF-hLK_JoBxXUNJy1kU7
    "docker:4": "secret",  # POSITIVE: SWMTKN-1-edmua5ub12inlget8wkvz
    "doppler:1": "secret",  # dp.pt.GnUaQXtT9Fi2luokVezIZ3MGzgSUKYjqCk
    "drawio:45": "secret",  # <mxCell id="jC_dE-1" value="page2 secret
    "drawio:16": "secret",  # <mxCell id="REcl-1" value="&lt;div&gt;te
    "drawio:13": "secret",  # <mxCell id="ip0j-2" value="&lt;div&gt;pa
    "dropbox_api_secret_long_term:1": "secret",  # var g = '7rBynGo0b1cAAAAAAAAAAc72L3T6rQK
    "dropbox_app_secret:1": "skip",  # var app_unique_val_s = 'wpv1jq9xwanbn3n'
    "dropbox_oauth_token:1": "secret",  # var dropbox = 'sl.BdmpmC82mhhySscKk2oQGy
    "dynatrace_api.hs:1": "secret",  # dt0c01.ST2EY72KQINMH574WMNVI7YN.G3DFPBEJ
    "facebook_key:1": "secret",  # GI_REO_GI_FACEBOOK_TOKEN = "EAACEb00Kse0
    "facebook_key:2": "skip",  # 1527194624358273|qbBf2-fdB9zZpqLA0_2nNzZ
    "false_positive:2": "benign",  # ya29.
    "false_positive:6": "benign",  # Examples from https://github.com/tosca/w
    "false_positive:1": "benign",  # Custom examples
    "false_positive:7": "skip",  # # UK3O3RhOJA/u0afRTK10MCAR6wfVVJUVSZQbQp
    "false_positive:3": "benign",  # eyIiOjB9
    "false_positive:4": "skip",  # token=qw
    "figma:1": "secret",  # figd__fU7rxH-KUAmCv5vI78kKlnEF6bne_yvSvP
    "figma:2": "secret",  # figd_h65Ugiu76WD3xf233a6KAmo9ZmbWNnNrny9
    "firebase_domain:2": "benign",  # test2.io.firebaseio.com
    "firebase_domain:1": "benign",  # test-app-domain-42.firebaseapp.com
    "github_app_install_token:1": "secret",  # ghs_20260523_eyJhbGciOiJSUzI1NiIsInR5cCI
    "github_classic_token:1": "benign",  # ghp_00000000000000000000000000000004WZ4E
    "github_fine_granted_token:2": "secret",  # github_pat_11ABLV2EA0gWlOtew7YDYY_xXoiQz
    "gitlab_prefix_token:9": "secret",  # glft-Aafqn5A31G-2VipZMh28 # Feed token
    "gitlab_prefix_token:4": "secret",  # gldt-9BeUoeWu2V9uUS3uLoMy # Deploy token
    "gitlab_prefix_token:5": "secret",  # glrt-2CR8_eVxiio-1QmzPZwa # Runner authe
    "gitlab_prefix_token:6": "secret",  # glcbt-1375_cgpAsnEmP-79kcfRLyK_
    "gitlab_prefix_token:16": "secret",  # glwt-G9dr9LJjGiSfBdxzDVyHi7vSdDcAftOmJ #
    "gitlab_prefix_token:10": "secret",  # glimt-1jpqzsnw2n71om0r9kgt06os3 # Incomi
    "gitlab_prefix_token:15": "secret",  # glrtr-KZX7Mizo7RYFKh2JScz6aeqZ3WG8nxujE2
    "gitlab_prefix_token:2": "secret",  # glpat-8d5ri2n9g85LAnC9YW85.01.cgpAsnEmP
    "google_creds:4": "secret",  # 1//0T4eRe15N0tT4Et0kEHY0U4Rel0Ok1ng4-hPy
    "google_creds:3": "secret",  # ya29.zmZDrADaFxE_IS6fl4sbDxCpH-ltO2BoHEw
    "google_creds:2": "secret",  # 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 # Go
    "google_creds:1": "secret",  # AIzaGiReoG-Cr0ckleCr0ckle12315618_12315
    "google_multi:18": "secret",  # "id":"194206074328-qdv6fi3eh31q6h7c35vsi
    "google_multi:2": "skip",  # 194206074328-qp89pdv6fi35vsi71258g1eh31q
    "grafana_access_policy_token:1": "secret",  # grafana_policy = 'glc_eyJvIjoiMjA0NjMwIi
    "grafana_provisioned_api_key:1": "benign",  # grafana = 'eyJrIjoiMDAwMDAwMDAwMDAwMDAwM
    "grafana_service_accounts:1": "secret",  # glsa_ThisI5NtTheTok3nYou8reLo0k1ngF0r_0a
    "groq_api_key:1": "secret",  # gsk_yDy845K7XBW0NrvEdh6wWGdyb3FYHqBheWGb
    "groq_api_key:3": "secret",  # gsk_Hid69Ui8HGkFiJlVZxv1KKvgS4Ybm7Nu6GhY
    "groq_api_key:2": "secret",  # gsk_BLsTpUW068JJsHK5dh6wVKvgS4Y7Kb7dyFhn
    "hashicorp:1": "secret",  # Z28P3STmkBQi1Y.atlasv1.YE7RBqu6VVyQIOq9a
    "hashicorp:2": "secret",  # hvs.atlasv1-Z28P3STmkBQi1Y-YE7RBqu6VVyQI
    "heroku:1": "secret",  # HRKU-RAjCYR7Mai1JAIhHASD6ITENvdVydAPCnNc
    "heroku:2": "secret",  # HRKU-f1274537-88fb-deaf-beda-453bd9a496e
    "huggingface:6": "skip",  # hf_UdYjVqYvybBLEhIrwwEUYjOgkeyexample
    "huggingface:2": "secret",  # url/hf_HLWCKGzdQrvPUSIZjEYNtPlGdWlVjCJsV
    "huggingface:1": "secret",  # 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
    "instagram_access_token:1": "secret",  # IGQVJWS3pUNmZA2MUJDVlRwLW9ac1lrU05nZAmpz
    "iso_ir_111.patch:10": "secret",  # +  "password": "dkajco1"
    "jfrog_n:1": "benign",  # cmVmdGtuOlRoZXJlIGFyZSBub3QgdGhlIHRva2Vu
    "jfrog_n:2": "secret",  # AKCp2UNCd8uK7hQoxZnFE4PGtRHnAcBHr43HgLcj
    "jfrog_p:2": "secret",  # AKCp2UNCd8uK7hQoxZnFE4PGtRHnAcBHr43HgLcj
    "jfrog_p:1": "benign",  # cmVmdGtuOjAxOjAxMjM0NTY3ODk6QWJjZGVmR2hp
    "jira_confluence_pat:2": "benign",  # TP: "image/png": "iVBORx09VIskhxhCe7sh03
    "jira_confluence_pat:1": "secret",  # TP: https://www.example.com/api/verifica
    "json_web_token:1": "secret",  # detected: eyJhbGciOiJSUzI1NiJ9Cg.eyJleHA
    "jwk.json:3": "secret",  # "kty": "[EC]",         "d": "slaQqyHQPud
    "jwk.json:7": "secret",  # "kty": "RSA",         "d": "-phZ8N4GuwZc
    "jwk.json:13": "secret",  # "kty": "oct",         "k": "WrMwQfoNaHTg
    "key.php:3": "secret",  # define( 'PASSWORD' , '2Arh5dA1Sn0ywiVYdn
    "key.php:5": "secret",  # 'access_key' => '8zBhTTWfBKWP9hJ8wunD7zM
    "key.php:1": "secret",  # $key = 'gmUGWxhQW9KQWdhd0lCQVFRZ0ViVnpwr
    "key.py:7": "secret",  # print("https://example.com/api/js?key=dh
    "key.py:1": "secret",  # pkey = ("LS0tLS1CRUdJTiBQUklWQVRFIENDcUd
    "linear_api_key:1": "secret",  # TP:lin_api_F7hvwKIiRuRkwmbYFY7xGlBxe8GUg
    "llama:1": "secret",  # llx-gOpoyW2vlgfBcYEYlSu8x3Tk3lrtW1AWJU8n
    "llama:2": "secret",  # llx-vYx_tfO1AgW73_hwAET-u7p7YVDTBERNn4ij
    "mailchimp_key:1": "secret",  # mailchimp = "LRINSm5Vdi9BMCzCWSJ8M3TMysU
    "mailgun:2": "skip",  # a25a4ac62a074cd52c668c6b9937cf40-432f283
    "mailgun:1": "secret",  # key-a25a4ac62a074cd52c668c6b9937cf40
    "multifile.patch:45": "secret",  # +  clid = "AKIAQWADE5R42RDZ4JEM" +  toke
    "multifile.patch:46": "secret",  # +  token = "V84C7sDU001tFFodKU95USNy97Tk
    "netlify:1": "secret",  # nfp_0i5OM4MV7L02wV3E6rrwiTwhvEkkkPJ9C3EP
    "newrelic:5": "secret",  # bb60c0b27b6d0675d14cc773b3eb66d393f7NRAL
    "newrelic:6": "secret",  # eu01x5e9e4e8621f0259c297c2dd9e8d098eNRAL
    "newrelic:3": "secret",  # NRII---5D_jb-1--2aD3Kf2T6Ye_y_
    "newrelic:1": "secret",  # NRAK-X29R0RTNJIQTUFWOA8Z8YRDENG0
    "newrelic:2": "secret",  # NRBR-2537f7e87cfb8f8d73f
    "newrelic:4": "secret",  # NRJS-0b6d0c06b27675d14ff
    "nkey_seed:2": "secret",  # // SUAML2GCZ7IK7E7UD4VZ7ELPZW7DK2ZNL35WS
    "nonce.py:11": "secret",  # key_multi = '''KJHfdjs8767gr54534wsFHGf5
    "nonce.py:7": "secret",  # key_wrap = 'KJHhJKhKU7yguyuyfrtsdESffhjg
    "nonce.py:3": "secret",  # password: F1lT3ReDw17hQoT3s
    "nonce.py:1": "benign",  # nonce = 'bsfcvir57nt40rydvtbhs8lzbgljmet
    "notion:1": "secret",  # ntn_123465789l62YMNJKXLKpjiCVEXbx4CBxkfp
    "npm:2": "secret",  # positive:npm_Alm0StFaK3t0kEN8uTval1DcRC3
    "ntlm:1": "secret",  # Positive: TlRMTVNTUAADAAAAGAAYAFYAAAAYAB
    "nuget_api_key:1": "secret",  # k = 'oy2mlf2v7jl2firuegfqwzc4zxyebz3ethz
    "open_ai_token:2": "secret",  # sk-qa25MV9c7Qu0EjDIEWdcT3BlbkFJ83uCF0K4y
    "open_ai_token:3": "secret",  # sk-proj-qa25MV9c7Qu0EjDIEWdcT3BlbkFJ83uC
    "open_ai_token:7": "skip",  # sk-proj-asdfgasdfasdfdcQbzdcT3BlbkFJ83uC
    "otp_2fa:2": "skip",  # JERZOR2XLQYTUQG7YBZYHLK3KSLRYTWB
    "otp_2fa:1": "skip",  # WXFES7QNTET5DQYC
    "pass_filtered:5": "benign",  # password_id = 2938479
    "passwd.groovy:1": "secret",  # gi_reo_gi_passwd = "cAc48k1Zd7"; passwor
    "password.gradle:1": "secret",  # password = "cackle!"
    "password.tfvars:1": "skip",  # password = "MYPSWRD!@#$%^&*"
    "password_FALSE:8": "benign",  # M[@%]PW:2Z.Q?2M^S;`4G?E0C.@V&?0KY]]"H3Y@
    "password_FALSE:1": "skip",  # #define PASSWORD 0x0dead1beef7cafe2
    "password_FALSE:13": "benign",  # PWR_MGM: N0tThePSw45f!!!
    "password_FALSE:5": "benign",  # RUN openssl x509 -req -days 365 -passin
    "password_FALSE:7": "benign",  # # two lines for UUE filter
    "password_FALSE:12": "benign",  # "stopword": "FLŰGGÅƏNK∂€ČHIŒβØL∫ÊN"
    "password_FALSE:9": "benign",  # M>1D!ZT;JA?AD9%I_+YD/,6X7/D-LCAWT\/Y<+1-
    "password_FALSE:11": "benign",  # passengers: ["quickBrown", "lazyDog"]
    "password_TRUE:36": "secret",  # PSWORD:=FlUgeGeHeImEn06
    "password_TRUE:7": "secret",  # password=2bkJgtJDiLcq1t
    "password_TRUE:12": "secret",  # MYSQL_DATABASE_USER=CRED;MYSQL_DATABASE_
    "password_TRUE:3": "secret",  # val password: String = "exord13Paw64", /
    "password_TRUE:15": "secret",  # #define password "n84ASM54y4"
    "password_TRUE:6": "secret",  # if passworsd != "x6s7djtEa": # __ne__ se
    "password_TRUE:25": "secret",  # WPA2_PASSWORD: e3b0c44298fc1c149afbf4c89
    "password_TRUE:2": "secret",  # my_pw: nCzx8A8#!
    "password_western.patch:9": "secret",  # +  "password": "dkajcö1"
    "paypal_key:1": "secret",  # access_token$production$gireogi121451781
    "pem_key:14": "secret",  # char pk[] = "\\n-----BEGIN EC PRIVATE KE
    "pem_key:27": "secret",  # -----BEGIN OPENSSH LOW ENTROPY PRIVATE K
    "pem_key.p.ec:1": "secret",  # -----BEGIN PRIVATE KEY----- MIGHAgEAMBMG
    "pem_key.p.go:1": "secret",  # const ecdsaPrivateKey = `-----BEGIN EC P
    "perplexity:1": "secret",  # pplx-9CK43y03eghegFEiZ3Kf1myIxyGJAI25Puu
    "picatic_key:1": "secret",  # sk_live_gireogicracklegireogicrackle1231
    "planetscale:1": "secret",  # pscale_pw_hBXnxAz1f8yl9NEZeob2J91LqLzvoO
    "planetscale:3": "secret",  # pscale_oauth_RvRgmmvfjCw9SSL3yAFqNfuJ7II
    "planetscale:2": "secret",  # pscale_tkn_2elYrFhY-AsAYWvwLcBqxQ6Wj44fT
    "posthog:4": "secret",  # pha_BkeaIpOESh8OGcD1bhPGh6kH9UjVGp6nnaC6
    "posthog:1": "benign",  # phc_cJMqv5nG7Qtd0sfIwasTG87lgnDfJVbrcOOA
    "posthog:5": "secret",  # phx_5nYpKltuz4gvt7LessoO3swaOH41RJh6pzT1
    "posthog:2": "secret",  # phs_dNrZRd5etgv1B1gRTkfUrTJnf0EaZ5r6hUou
    "posthog:3": "secret",  # phr_dNrZRd5etgv1B1gRTKedUjAkFCcvNdBLoQz4
    "postman:2": "secret",  # PMAT-9GP54SGZ7TS928P0BW1K3AN0WX
    "postman:1": "secret",  # PMAK-be68a955d73619000f121d77-1d6ce2aa99
    "pretty.html:151": "benign",  # 151# a0ce4d19-7a3e-beef-cafe-9129474bcd8
    "pretty.html:10": "benign",  # Print, crumple, throw away. line # 10 a0
    "pretty.html:147": "secret",  # 147# password: Jd3OnNy^564eD5_sd
    "pretty.html:80": "secret",  # http://localhost:8888/v1/api/get?token=z
    "pretty.html:79": "secret",  # <a href="http://localhost:8888/v1/api/ge
    "pwd.gradle:1": "secret",  # pwd = "cackle!"
    "pypi_token:1": "secret",  # pypi-AgEIcHlwaS5vcmcCJDg5MTllXWJjLTRhODA
    "rubygems:1": "secret",  # rubygems_2676e0138d75572e758e2b225271306
    "salesfoce:3": "secret",  # t_token 00DUI000005AecQ!AR8Amtqc2drcmpoZ
    "salesfoce:4": "benign",  # t_client_id: 3MVGb3j9DpwrLFc90tWIy.nh7B8
    "salesfoce:2": "benign",  # t_org_if 00DFT5H59PHLAN0IA 00DG9UE38D6EL
    "salt.hs:1": "benign",  # var Himalayan_salt = "$hal$1te$TnnGdhedn
    "salt.py:5": "benign",  # json_escaped = "{\\\"salt8\\\":\\\"4b9a6
    "salt.py:1": "benign",  # salt1 = b"\x23!\xae2389x&543@"
    "salt.py:3": "benign",  # salt3 = u"\u0020827634876"
    "salt.py:2": "benign",  # salt2 = r"""\0x12\0x3s"""
    "salt.py:4": "benign",  # salt4 = {"salt5": "my124%#$@s\x04clt\0"}
    "sample.c:21": "secret",  # easy_setopt(curl, CURLOPT_KEYPASSWD, "lT
    "sample.c:16": "secret",  # easy_setopt(curl, CURLOPT_XOAUTH2_BEARER
    "sample.c:18": "secret",  # easy_setopt(curl, CURLOPT_USERPWD, "root
    "sample.c:20": "secret",  # easy_setopt(curl, CURLOPT_PROXYUSERPWD,
    "sample.c:19": "secret",  # easy_setopt(curl, CURLOPT_PROXYPASSWORD,
    "sample.c:17": "secret",  # easy_setopt(curl, CURLOPT_PASSWORD, "KiA
    "sample.h:2": "secret",  # #define AESKEY {0x35, 0x34, 0x65, 0x9b,
    "sample.html:9": "secret",  # <a href="http://example.com?token=&quot;
    "sample.html:16": "secret",  # placeholder="Your password: &quot;g1re0g
    "sample.html:21": "secret",  # <button onclick="alert(&quot;password:g1
    "sample.rtf:25": "benign",  # 81f50f8d-4c1a-de4d-8e3f-c1bc8b429a36}{\l
    "sample.spec:2": "secret",  # %define token 4b9a6d8b4bc56fbfa1c638eb0c
    "sample.spec:1": "secret",  # %define bld %(if [[ "%{password}" =~ "hi
    "sample.tm7:4": "benign",  # <Key>17205d79-dead-beef-a311-26312ad6ea3
    "sample.tm7:5": "secret",  # <Value>May password:6Ew1ThY0u</Value>
    "sample.tm7:3": "benign",  # <Image>AKIAGIREOGIAWSKEY321==</Image>
    "secret.go:3": "secret",  # Secret: []byte{333, 9, 100, 114, 245, 16
    "secret.go:19": "secret",  # var secret_looks_like_linux_path_3="Vnpm
    "secret.go:18": "secret",  # var secret_looks_like_linux_path_2="Vnpm
    "secret.go:17": "secret",  # var secret_looks_like_linux_path_1="/Vnp
    "secret.go:1": "secret",  # if string(secret) == "cackle!" {
    "secret.go:20": "skip",  # var secret_looks_like_linux_path__="Vnpm
    "secret.groovy:1": "secret",  # LEGACY_GITHUB_SECRET = "fa87409ad3a4589f
    "sendgrid_api_key:1": "secret",  # SG.gireogigireogigi.gireogigireogigi
    "sentry:1": "secret",  # sntrys_eyJpYXQiOjE3NDEyNjQzNTYuMDAwMCwid
    "sentry:2": "secret",  # sntryu_b42e3f39e6e16d5c822ac2e6ae368a1bc
    "shopify_token:1": "secret",  # "shopyfy_k": "shpat_dbfa0ac56fbfa1c6bf32
    "slack_token.hs:2": "secret",  # xoxb-391809548274-4236212766789-i8EoyACE
    "slack_token.hs:4": "secret",  # xoxe-1-My0xLTM5MTgwOTU0ODI3NC00MjM2MjEyN
    "slack_token.hs:1": "secret",  # xapp-1-A0F6JEP4877-3425459257038-ff6379c
    "slack_token.hs:3": "secret",  # xoxp-1-Mi0yLTM5MTgwOTU0ODI3NC0xMDUzMjc0N
    "slack_webhook.template:1": "secret",  # "hook": "https://hooks.slack.com/service
    "sonarqube:1": "secret",  # 'sonar.login': 'squ_944fb17dc1ca18eb2750
    "sonarqube:2": "secret",  # -Dsonar.login=squ_5f6278f46c0697b8ce6a07
    "sql_password:9": "secret",  # ALTER LOGIN username WITH PASSWORD = 'Sq
    "sql_password:24": "secret",  # CREATE ROLE app_admin WITH LOGIN PASSWOR
    "sql_password:10": "secret",  # ALTER ROLE postgres PASSWORD 'SqLpa5sW0r
    "sql_password:28": "secret",  # SET PASSWORD FOR 'username'@'localhost'
    "sql_password:19": "secret",  # ALTER USER username IDENTIFIED BY SqLpa5
    "sql_password:35": "benign",  # ALTER USER 'super_user'@'10.1.%' PASSWOR
    "sql_password:11": "secret",  # ALTER USER username WITH PASSWORD 'SqLpa
    "sql_password:12": "secret",  # CREATE LOGIN username WITH PASSWORD = 'S
    "square_access_token:1": "secret",  # "SQT": "EAAAEEPtuW9FnP_CuCV-3DFPB54M7YWB
    "square_client_id:1": "secret",  # sq0atp-GIREOGICR0CKLE12W45A78
    "square_oauth_secret:1": "secret",  # 20241204_112356 Colored line: "\x1b[94msq0c
    "stripe_credentials:4": "secret",  # rk_live_TsS4QI2dNfwyVM7YdjI78ehK
    "stripe_credentials:7": "secret",  # sk_test_KQI2pIpqzh1Nv2ZXfyfDQUTUQ63Cw359
    "stripe_credentials:10": "secret",  # whsec_Q4KGL7AstjhYfzCtzK2RTB2EmncHgjVW
    "stripe_credentials:9": "secret",  # whsec_IsQVcHgjVWTBwlClIsICTD0mpDr4gJ4m
    "stripe_credentials:6": "benign",  # pk_live_KQI2pIpqzh1Nv2ZXfJBqUJItqoO5WdI6
    "stripe_credentials:5": "secret",  # sk_test_T1z4jtdp7dcC39HqLyjWareD
    "stripe_credentials:8": "secret",  # rk_live_KQI2pIpqzh1Nv2ZXf0DsiXhrhbrT4hRn
    "stripe_credentials:3": "benign",  # pk_test_Tph4NiI7TYooMQaujxvdEDq5
    "supabase:3": "secret",  # sbp_v0_7558c5a93d6f38dd038df5cc2a7c3d4d7
    "supabase:2": "secret",  # sbp_7558c5a93d6f38dd038df5cc2a7c3d4d7b6b
    "telegram_api_key:1": "skip",  # 508627689:AAEuLPKs-EhrjrYGnz60bnYNZqakf6
    "test2.eml:18": "benign",  # token in text: eyJrIjoiMDAwMDAwNDAwMDAwO
    "together:1": "secret",  # tgp_v1_45j-rhExaIPrLzTp--mCXcQwaWyNYUK86
    "together:2": "secret",  # tgp_v1_LRvIfXDN2VjuqCi5zcGzrM3oIwIOhhIZd
    "token.toml:4": "secret",  # tp_token_value="b035d48j9X2dfjF0hb9sd8Gu
    "token.toml:1": "secret",  # gi_reo_gi_token = "G1Re06G1BdgNseiJDN21Z
    "token.toml:2": "secret",  # Token-> DemoToken: Nxs094M3ed2s1Re0F4M3e
    "tvly:1": "secret",  # 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  #
    "twilio_credentials_n:2": "benign",  # AC123456E2A108CD72F648B1984C3B5A13
    "twilio_credentials_n:1": "skip",  # QpQcm9jLVR5cGU6IDQsRU5DU/SK4D2F64E2A108C
    "twilio_credentials_p:2": "benign",  # AC4d2f64e2a108cd72f648b1984c3b5a13
    "twilio_credentials_p:1": "benign",  # SK4D2F64E2A108CD72F648B1984C3B5A13
    "twitter-x:1": "secret",  # tp:AAAAAAAAAAAAAAAAAAAAAMLheAAAAAAA0%2Be
    "url_cred.js:19": "secret",  # url3d = "https://localhost.com/013948?26
    "url_cred.js:3": "secret",  # url = "https://secure.com/83675/39084?Cr
    "url_cred.js:13": "secret",  # email_as_login = "smtps://example@gmail.
    "url_cred.js:21": "secret",  # if (password !== "PaS5w0rD2#"){
    "url_cred.js:10": "secret",  # 39084?Credential=546DFS64N90P3AW7DX&key=
    "url_cred.js:7": "skip",  # // "fp://no.host.real/any/path/to/nowher
    "url_cred.js:1": "secret",  # const connection_url = require('dbconnec
    "url_cred.js:25": "secret",  # {"line": "url: mongodb://jrfdeg42:p4Dsr8
    "uuid:1": "benign",  # bace4d19-fa7e-beef-cafe-9129474bcd81 # t
    "vercel:1": "secret",  # vcp_5G8LQP7fmw80eG7W8y0sWO1QFPuhsYUuLEqy
    "wechat_f:1": "benign",  # wx123456dead1beef0
    "wechat_f:2": "benign",  # wxffffff0139347361
    "wechat_f:3": "benign",  # wxfedcba1927157565
    "wechat_p:2": "benign",  # wx2274a335e18222d6
    "wechat_p:3": "benign",  # wx4d82d07e3eb5ba84
    "wechat_p:1": "benign",  # wxe191bc54fc7d529a
    "wundergraph:1": "secret",  # cosmo_69b9f425705c10e576aa6ade81d91e1a:T
    "xai:1": "secret",  # xai-wjluCw1zixzDiYOxeeGtIwuHjIyax8SukK2l
    "xml_data.xml:16": "secret",  # token : IBOgIBAAJBAJtFfagSXdo0JmX6EdwWGv
    "xml_data.xml:12": "secret",  # token : "IBOgIBAAJBAJtFfagSXdo0JmX6EdwWG
    "xml_password.xml:11": "benign",  # password : Password for authorization
    "xml_password.xml:9": "secret",  # password : peace_for_ukraine
    "xml_password.xml:5": "secret",  # password : cackle!
}  # fmt: skip


def _strings(root: Path) -> dict[str, tuple[str, str]]:
    """Every candidate string, by ``file:line``: (sample file, string)."""
    samples = root / "tests" / "samples"
    found: dict[str, tuple[str, str]] = {}
    for finding in json.loads((root / "tests" / "data" / "no_ml.json").read_text("utf-8")):
        lines = finding["line_data_list"]
        path = lines[0]["path"].removeprefix("./tests/samples/")
        text = "\n".join(line["line"] for line in lines).strip()
        found.setdefault(f"{path}:{lines[0]['line_num']}", (path, text))
    for sample in sorted(samples.iterdir()):
        if not NEGATIVE_FILE.search(sample.name):
            continue
        try:
            content = sample.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # an archive or binary sample: its strings are the findings above
        for number, line in enumerate(content.splitlines(), 1):
            if line.strip():
                found.setdefault(f"{sample.name}:{number}", (sample.name, line.strip()))
    return found


def candidates(root: Path) -> list[tuple[str, str, str]]:
    """(``file:line``, sample file, string) of the strings this part is made of."""
    return capped_lines(_strings(root), "credsweeper", PER_FILE)


def credsweeper_cases(root: Path) -> Iterator[dict[str, Any]]:
    return labelled_line_cases(
        candidates(root), LABELS, "credsweeper", "CredSweeper samples ({path}), labelled by us"
    )


def main(root: Path) -> None:
    write_split(credsweeper_cases(root), "credsweeper")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

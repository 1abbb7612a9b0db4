curl --request POST \
  --url http://mockbin.com/har \
  --header 'Content-Type: multipart/form-data' \
  --form foo=bar
from ducksoup.cli import main

main()
